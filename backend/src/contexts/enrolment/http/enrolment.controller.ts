import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { assertSelf, assertSelfOrAdmin } from '../../../platform/auth/ownership.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import type { CourseSummary } from '../../catalogue/index.js';
import { EnrolStudent, RateCourse, SetFavourite } from '../application/commands/enrolment.commands.js';
import { GetStudentCourseStatus, ListFavouriteCourses, RecommendForStudent, type StatusKind } from '../application/queries/enrolment.queries.js';
import { RatingRequest, StudentCourseRequest } from './enrolment.requests.js';

@ApiTags('Inscriptions')
@Controller()
export class EnrolmentController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('student-enroll-course')
  @HttpCode(201)
  @Authenticated('student', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Inscrit l’étudiant (lui-même, ou par un administrateur) à un cours' })
  async enrol(@CurrentActor() actor: Actor, @Body() body: StudentCourseRequest) {
    const { enrolledAt } = await this.commands.execute<EnrolStudent, { enrolledAt: Date }>(new EnrolStudent(actor, body.student, body.course));
    return { course: body.course, student: body.student, enrolled_at: enrolledAt.toISOString() };
  }

  @Post('course-rating')
  @HttpCode(201)
  @Authenticated('student')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Note un cours suivi (1 à 5, une seule fois)' })
  async rate(@CurrentActor() actor: Actor, @Body() body: RatingRequest) {
    await this.commands.execute(new RateCourse(actor, body.student, body.course, body.rating, body.reviews ?? ''));
    return { course: body.course, student: body.student, rating: body.rating, reviews: (body.reviews ?? '').trim() };
  }

  @Post('favorite-course')
  @HttpCode(201)
  @Authenticated('student')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Ajoute un cours aux favoris' })
  async favourite(@CurrentActor() actor: Actor, @Body() body: StudentCourseRequest) {
    await this.commands.execute(new SetFavourite(actor, body.student, body.course, true));
    return { course: body.course, student: body.student, favourite: true };
  }

  @Delete('favorite-course/:studentId/:courseId')
  @HttpCode(204)
  @Authenticated('student')
  @ApiOperation({ summary: 'Retire un cours des favoris' })
  async unfavourite(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number) {
    await this.commands.execute(new SetFavourite(actor, studentId, courseId, false));
  }

  @Get('fetch-enroll-status/:studentId/:courseId')
  @Authenticated('student', 'admin')
  enrolStatus(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number) {
    return this.status(actor, 'enrolled', studentId, courseId);
  }

  @Get('fetch-rating-status/:studentId/:courseId')
  @Authenticated('student', 'admin')
  ratingStatus(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number) {
    return this.status(actor, 'rated', studentId, courseId);
  }

  @Get('fetch-favorite-status/:studentId/:courseId')
  @Authenticated('student')
  favouriteStatus(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number) {
    return this.status(actor, 'favourite', studentId, courseId);
  }

  @Get('fetch-favorite-coourses/:studentId')
  @Authenticated('student')
  @ApiOperation({ summary: 'Cours favoris de l’étudiant (chemin orthographié comme dans la spec)' })
  favourites(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number): Promise<CourseSummary[]> {
    assertSelf(actor, 'student', studentId);
    return this.queries.execute(new ListFavouriteCourses(studentId));
  }

  @Get('fetch-recommended-courses/:studentId')
  @Authenticated('student', 'admin')
  @ApiOperation({ summary: 'Cours recommandés : centres d’intérêt et formateurs de l’étudiant, hors cours suivis, les mieux notés d’abord' })
  recommended(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number): Promise<CourseSummary[]> {
    assertSelfOrAdmin(actor, 'student', studentId);
    return this.queries.execute(new RecommendForStudent(studentId));
  }

  private async status(actor: Actor, kind: StatusKind, studentId: number, courseId: number) {
    if (kind === 'favourite') assertSelf(actor, 'student', studentId);
    else assertSelfOrAdmin(actor, 'student', studentId);
    return { bool: await this.queries.execute<GetStudentCourseStatus, boolean>(new GetStudentCourseStatus(kind, studentId, courseId)) };
  }
}
