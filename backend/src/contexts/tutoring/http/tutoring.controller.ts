import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { paged, PagedOf, type Paged } from '../../../platform/http/paging.js';
import { BoolResponse } from '../../../platform/http/responses.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { AssignTrainer } from '../application/commands/assign-trainer.command.js';
import { UnassignTrainer } from '../application/commands/unassign-trainer.command.js';
import { ListFollowedStudents } from '../application/queries/list-followed-students.query.js';
import { ListMyTeachers } from '../application/queries/list-my-teachers.query.js';
import { ListTeacherStudents } from '../application/queries/list-teacher-students.query.js';
import { FollowedStudent, MyTeacher, TeacherStudent } from '../application/queries/tutoring.views.js';
import { GetTrainerResponseTimes, ResponseTimesView } from '../contracts/tutoring.queries.js';
import { AssignStudentRequest, TeacherStudentsQuery, TutorshipRequest } from './tutoring.requests.js';

export class TeacherStudentPage extends PagedOf(TeacherStudent) {}

/** The spec's admin picker pages 10 students at a time. */
const PICKER_PAGE_SIZE = 10;

/** Who follows whom (issue 10): admins assign trainers to students; each side lists the other. */
@ApiTags('Suivi pédagogique')
@Controller()
export class TutoringController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('student-assignment')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Assigne un formateur à un étudiant (sans effet s’il le suit déjà)' })
  @ApiCreatedResponse({ type: BoolResponse })
  async assign(@CurrentActor() actor: Actor, @Body() body: TutorshipRequest): Promise<BoolResponse> {
    await this.commands.execute(new AssignTrainer(actor, body.formateur, body.student));
    return { bool: true };
  }

  @Delete('student-assignment/:teacher_id/:student_id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Retire le formateur de l’étudiant (les échanges et devoirs restent) ; « Aucune assignation trouvée » sinon' })
  @ApiOkResponse({ type: BoolResponse })
  async unassign(@CurrentActor() actor: Actor, @Param('teacher_id', IdPipe) teacherId: number, @Param('student_id', IdPipe) studentId: number): Promise<BoolResponse> {
    await this.commands.execute(new UnassignTrainer(actor, teacherId, studentId));
    return { bool: true };
  }

  @Get('formateur/:id/students/assigned')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les étudiants que suit le formateur (recherche, 10 par page)' })
  @ApiOkResponse({ type: TeacherStudentPage })
  assignedStudents(@CurrentActor() actor: Actor, @Param('id', IdPipe) teacherId: number, @Query() query: TeacherStudentsQuery, @Req() request: FastifyRequest) {
    return this.pickerPage(actor, teacherId, true, query, request);
  }

  @Get('formateur/:id/students/unassigned')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les étudiants que le formateur ne suit pas (recherche, 10 par page)' })
  @ApiOkResponse({ type: TeacherStudentPage })
  unassignedStudents(@CurrentActor() actor: Actor, @Param('id', IdPipe) teacherId: number, @Query() query: TeacherStudentsQuery, @Req() request: FastifyRequest) {
    return this.pickerPage(actor, teacherId, false, query, request);
  }

  @Post('formateur/:id/assign-student')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Le formateur suit désormais cet étudiant' })
  @ApiCreatedResponse({ type: BoolResponse })
  async assignStudent(@CurrentActor() actor: Actor, @Param('id', IdPipe) teacherId: number, @Body() body: AssignStudentRequest): Promise<BoolResponse> {
    await this.commands.execute(new AssignTrainer(actor, teacherId, body.student_id));
    return { bool: true };
  }

  @Delete('formateur/:id/unassign-student/:student_id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le formateur ne suit plus cet étudiant' })
  @ApiOkResponse({ type: BoolResponse })
  async unassignStudent(@CurrentActor() actor: Actor, @Param('id', IdPipe) teacherId: number, @Param('student_id', IdPipe) studentId: number): Promise<BoolResponse> {
    await this.commands.execute(new UnassignTrainer(actor, teacherId, studentId));
    return { bool: true };
  }

  @Get('assigned-students/:teacher')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les étudiants que suit le formateur (« Mes étudiants »), messages non lus et devoirs en attente' })
  @ApiOkResponse({ type: [FollowedStudent] })
  followed(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number): Promise<FollowedStudent[]> {
    return this.queries.execute(new ListFollowedStudents(actor, teacherId));
  }

  @Get('fetch-my-teachers/:studentId')
  @Authenticated('student', 'admin')
  @ApiOperation({ summary: 'Les formateurs qui suivent l’étudiant, avec leurs messages non lus' })
  @ApiOkResponse({ type: [MyTeacher] })
  myTeachers(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number): Promise<MyTeacher[]> {
    return this.queries.execute(new ListMyTeachers(actor, studentId));
  }

  @Get('formateur/:id/response-times')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Délais de première réponse du formateur à ses étudiants (médiane, 90e centile)' })
  @ApiOkResponse({ type: ResponseTimesView })
  responseTimes(@CurrentActor() actor: Actor, @Param('id', IdPipe) teacherId: number): Promise<ResponseTimesView> {
    return this.queries.execute(new GetTrainerResponseTimes(actor, teacherId));
  }

  private async pickerPage(actor: Actor, teacherId: number, followed: boolean, query: TeacherStudentsQuery, request: FastifyRequest): Promise<Paged<TeacherStudent>> {
    const page = query.toPageRequest(PICKER_PAGE_SIZE);
    const { results, count } = await this.queries.execute(new ListTeacherStudents(actor, teacherId, followed, query.search, page));
    return paged(results, count, page, request.url);
  }
}
