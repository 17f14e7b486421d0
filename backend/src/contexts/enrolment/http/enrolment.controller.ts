import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { BoolResponse, SuccessResponse } from '../../../platform/http/responses.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { CourseSummary } from '../../catalogue/contracts/catalogue.queries.js';
import { EnrolStudent } from '../application/commands/enrol-student.command.js';
import { RateCourse } from '../application/commands/rate-course.command.js';
import { SetFavourite } from '../application/commands/set-favourite.command.js';
import { GetStudentCourseStatus, type StatusKind } from '../application/queries/get-student-course-status.query.js';
import { CourseStudentView, ListCourseStudents } from '../application/queries/list-course-students.query.js';
import { ListFavouriteCourses } from '../application/queries/list-favourite-courses.query.js';
import { RecommendForStudent } from '../application/queries/recommend-for-student.query.js';
import { SetEnrolmentContacts } from '../application/commands/set-enrolment-contacts.command.js';
import { GetEnrolmentContacts, type EnrolmentContactsState } from '../application/queries/get-enrolment-contacts.query.js';
import { SetEnrolmentFunding } from '../application/commands/set-enrolment-funding.command.js';
import type { EnrolmentFundingState } from '../application/queries/get-enrolment-funding.query.js';
import { GetStudentCourseFunding } from '../application/queries/get-student-course-funding.query.js';
import type { EnrolmentFunding, Funder } from '../domain/enrolment-funding.js';
import { EnrolmentContactsRequest, EnrolmentFundingRequest, RatingRequest, StudentCourseRequest } from './enrolment.requests.js';
import { EnrolmentContactsResponse, EnrolmentFundingResponse, EnrolmentResponse, FavouriteResponse, RatingResponse } from './enrolment.responses.js';
import { UnenrolStudent } from '../application/commands/unenrol-student.command.js';
import { EnrolledCourseEntry, ListEnrolledCourses } from '../application/queries/list-enrolled-courses.query.js';

/** Translates HTTP to the enrolment use cases; who may do what is checked by each handler. */
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
  @ApiCreatedResponse({ type: EnrolmentResponse })
  async enrol(@CurrentActor() actor: Actor, @Body() body: StudentCourseRequest): Promise<EnrolmentResponse> {
    const { enrolledAt } = await this.commands.execute(new EnrolStudent(actor, body.student, body.course));
    return { course: body.course, student: body.student, enrolled_at: enrolledAt.toISOString() };
  }

  @Get('fetch-enrolled-courses/:student_id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les cours auxquels l’étudiant est inscrit (id de l’inscription, created_at, course {id, title})' })
  @ApiOkResponse({ type: [EnrolledCourseEntry] })
  enrolledCourses(@CurrentActor() actor: Actor, @Param('student_id', IdPipe) studentId: number): Promise<EnrolledCourseEntry[]> {
    return this.queries.execute(new ListEnrolledCourses(actor, studentId));
  }

  @Delete('remove-enrolled-course/:student_id/:course_id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Retire le cours à l’étudiant : l’inscription prend fin, la progression reste (une réinscription la retrouve)' })
  @ApiOkResponse({ type: SuccessResponse })
  async unenrol(@CurrentActor() actor: Actor, @Param('student_id', IdPipe) studentId: number, @Param('course_id', IdPipe) courseId: number): Promise<SuccessResponse> {
    await this.commands.execute(new UnenrolStudent(actor, studentId, courseId));
    return { success: true };
  }

  @Post('course-rating')
  @HttpCode(201)
  @Authenticated('student')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Note un cours suivi (1 à 5, une seule fois)' })
  @ApiCreatedResponse({ type: RatingResponse })
  async rate(@CurrentActor() actor: Actor, @Body() body: RatingRequest): Promise<RatingResponse> {
    await this.commands.execute(new RateCourse(actor, body.student, body.course, body.rating, body.reviews ?? ''));
    return { course: body.course, student: body.student, rating: body.rating as number, reviews: (body.reviews ?? '').trim() };
  }

  @Post('favorite-course')
  @HttpCode(201)
  @Authenticated('student')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Ajoute un cours aux favoris' })
  @ApiCreatedResponse({ type: FavouriteResponse })
  async favourite(@CurrentActor() actor: Actor, @Body() body: StudentCourseRequest): Promise<FavouriteResponse> {
    await this.commands.execute(new SetFavourite(actor, body.student, body.course, true));
    return { course: body.course, student: body.student, favourite: true };
  }

  @Delete('favorite-course/:studentId/:courseId')
  @HttpCode(204)
  @Authenticated('student')
  @ApiOperation({ summary: 'Retire un cours des favoris' })
  @ApiNoContentResponse()
  async unfavourite(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<void> {
    await this.commands.execute(new SetFavourite(actor, studentId, courseId, false));
  }

  @Get('fetch-enroll-status/:studentId/:courseId')
  @Authenticated('student', 'admin')
  @ApiOkResponse({ type: BoolResponse })
  enrolStatus(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<BoolResponse> {
    return this.status(actor, 'enrolled', studentId, courseId);
  }

  @Get('fetch-rating-status/:studentId/:courseId')
  @Authenticated('student', 'admin')
  @ApiOkResponse({ type: BoolResponse })
  ratingStatus(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<BoolResponse> {
    return this.status(actor, 'rated', studentId, courseId);
  }

  @Get('fetch-favorite-status/:studentId/:courseId')
  @Authenticated('student')
  @ApiOkResponse({ type: BoolResponse })
  favouriteStatus(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<BoolResponse> {
    return this.status(actor, 'favourite', studentId, courseId);
  }

  @Get('fetch-favorite-coourses/:studentId')
  @Authenticated('student')
  @ApiOperation({ summary: 'Cours favoris de l’étudiant (chemin orthographié comme dans la spec)' })
  @ApiOkResponse({ type: [CourseSummary] })
  favourites(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number): Promise<CourseSummary[]> {
    return this.queries.execute(new ListFavouriteCourses(actor, studentId));
  }

  @Get('fetch-recommended-courses/:studentId')
  @Authenticated('student', 'admin')
  @ApiOperation({ summary: 'Cours recommandés : centres d’intérêt et formateurs de l’étudiant, hors cours suivis, les mieux notés d’abord' })
  @ApiOkResponse({ type: [CourseSummary] })
  recommended(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number): Promise<CourseSummary[]> {
    return this.queries.execute(new RecommendForStudent(actor, studentId));
  }

  private async status(actor: Actor, kind: StatusKind, studentId: number, courseId: number): Promise<BoolResponse> {
    return { bool: await this.queries.execute(new GetStudentCourseStatus(actor, kind, studentId, courseId)) };
  }

  @Get('fetch-enrolled-students/:course_id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les étudiants inscrits à un cours (son formateur, les administrateurs)' })
  @ApiOkResponse({ type: [CourseStudentView] })
  students(@CurrentActor() actor: Actor, @Param('course_id', IdPipe) courseId: number): Promise<CourseStudentView[]> {
    return this.queries.execute(new ListCourseStudents(actor, courseId));
  }

  @Get('admin/students/:id/courses/:courseId/funding')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le financement d’une inscription : ses propres valeurs et les valeurs retenues avec leur source (inscription ou dossier de l’étudiant)' })
  @ApiOkResponse({ type: EnrolmentFundingResponse })
  async funding(@CurrentActor() actor: Actor, @Param('id', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<EnrolmentFundingResponse> {
    return fundingResponse(studentId, courseId, await this.queries.execute(new GetStudentCourseFunding(actor, studentId, courseId)), false);
  }

  @Put('admin/students/:id/courses/:courseId/funding')
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Définit le financement d’une inscription (tous les champs ; vide = repli sur le dossier de l’étudiant)' })
  @ApiOkResponse({ type: EnrolmentFundingResponse })
  async setFunding(
    @CurrentActor() actor: Actor,
    @Param('id', IdPipe) studentId: number,
    @Param('courseId', IdPipe) courseId: number,
    @Body() body: EnrolmentFundingRequest,
  ): Promise<EnrolmentFundingResponse> {
    const { changed } = await this.commands.execute(new SetEnrolmentFunding(actor, studentId, courseId, fundingOf(body)));
    return fundingResponse(studentId, courseId, await this.queries.execute(new GetStudentCourseFunding(actor, studentId, courseId)), changed);
  }

  @Get('admin/students/:id/courses/:courseId/contacts')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les contacts de l’employeur et du financeur d’une inscription (destinataires des questionnaires « employeurs » et « financeurs »)' })
  @ApiOkResponse({ type: EnrolmentContactsResponse })
  async contacts(@CurrentActor() actor: Actor, @Param('id', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<EnrolmentContactsResponse> {
    return contactsResponse(studentId, courseId, await this.queries.execute(new GetEnrolmentContacts(actor, studentId, courseId)), false);
  }

  @Put('admin/students/:id/courses/:courseId/contacts')
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Définit les contacts de l’employeur et du financeur d’une inscription (tous les champs ; vide = inconnu)' })
  @ApiOkResponse({ type: EnrolmentContactsResponse })
  async setContacts(
    @CurrentActor() actor: Actor,
    @Param('id', IdPipe) studentId: number,
    @Param('courseId', IdPipe) courseId: number,
    @Body() body: EnrolmentContactsRequest,
  ): Promise<EnrolmentContactsResponse> {
    const contacts = {
      employerContactName: blank(body.employer_contact_name),
      employerEmail: blank(body.employer_email),
      employerPhone: blank(body.employer_phone),
      funderName: blank(body.funder_name),
      funderEmail: blank(body.funder_email),
    };
    const { changed } = await this.commands.execute(new SetEnrolmentContacts(actor, studentId, courseId, contacts));
    return contactsResponse(studentId, courseId, await this.queries.execute(new GetEnrolmentContacts(actor, studentId, courseId)), changed);
  }
}

function contactsResponse(studentId: number, courseId: number, state: EnrolmentContactsState, changed: boolean): EnrolmentContactsResponse {
  const { contacts: c } = state;
  return {
    student_id: studentId,
    course_id: courseId,
    enrolled: state.enrolled,
    employer_name: state.employerName,
    contacts: { employer_contact_name: c.employerContactName, employer_email: c.employerEmail, employer_phone: c.employerPhone, funder_name: c.funderName, funder_email: c.funderEmail },
    changed,
  };
}

const blank = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === '' ? null : value);

function fundingOf(body: EnrolmentFundingRequest): EnrolmentFunding {
  return {
    funder: blank(body.funder) as Funder | null,
    dossierNumber: blank(body.dossier_number),
    employerName: blank(body.employer_name),
    employerSiret: blank(body.employer_siret),
    entryDate: blank(body.entry_date),
    exitDate: blank(body.exit_date),
  };
}

function fundingResponse(studentId: number, courseId: number, state: EnrolmentFundingState, changed: boolean): EnrolmentFundingResponse {
  const { own, effective } = state;
  return {
    student_id: studentId,
    course_id: courseId,
    enrolled: state.enrolled,
    funding: {
      funder: own.funder,
      dossier_number: own.dossierNumber,
      employer_name: own.employerName,
      employer_siret: own.employerSiret,
      entry_date: own.entryDate,
      exit_date: own.exitDate,
    },
    effective: {
      funder: effective.funder,
      funding_label: effective.fundingLabel,
      dossier_number: effective.dossierNumber,
      employer_name: effective.employerName,
      employer_siret: effective.employerSiret,
      entry_date: effective.entryDate,
      exit_date: effective.exitDate,
      missing: effective.missing,
    },
    changed,
  };
}
