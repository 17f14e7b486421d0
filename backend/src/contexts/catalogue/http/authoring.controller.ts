import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { CreateCourse } from '../application/commands/create-course.command.js';
import { EditCourseProgramme } from '../application/commands/edit-course-programme.command.js';
import { promiseChanges } from '../application/commands/course-trainers.js';
import { ReleaseCourse } from '../application/commands/release-course.command.js';
import { RemoveCourse } from '../application/commands/remove-course.command.js';
import { ReturnCourseToDraft } from '../application/commands/return-course-to-draft.command.js';
import { UpdateCourse } from '../application/commands/update-course.command.js';
import { AuthoredCourseRow, CourseEditView, PublicationResult, RemovalImpactView, RemovalResult, TrainerDashboardView } from '../application/queries/authoring.views.js';
import { GetCourseForEditing } from '../application/queries/get-course-for-editing.query.js';
import { GetRemovalImpact } from '../application/queries/get-removal-impact.query.js';
import { GetTrainerDashboard } from '../application/queries/get-trainer-dashboard.query.js';
import { ListAuthoredCourses } from '../application/queries/list-authored-courses.query.js';
import { CourseForm, ProgrammeForm, programmeChanges } from './authoring.requests.js';
import { imageOf } from './uploaded.js';

/** Course authoring: trainers create and edit their courses; admins all of them (issue 8). */
@ApiTags('Création de cours')
@Controller()
@Authenticated('teacher', 'admin')
export class AuthoringController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('course')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Crée un cours (formateur : le sien ; administrateur : pour un formateur, ou non assigné)' })
  @ApiCreatedResponse({ type: CourseEditView })
  async create(@CurrentActor() actor: Actor, @Body() form: CourseForm): Promise<CourseEditView> {
    const id = await this.commands.execute(new CreateCourse(actor, form, imageOf(form.featured_img)));
    return this.queries.execute(new GetCourseForEditing(actor, id));
  }

  @Put('course/:id')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie un cours (son formateur ou un administrateur)' })
  @ApiOkResponse({ type: CourseEditView })
  update(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() form: CourseForm): Promise<CourseEditView> {
    return this.edit(actor, id, form);
  }

  @Post('course/:id/publish')
  @HttpCode(200)
  @ApiOperation({
    summary: '« Publier » : le cours entre au catalogue (son formateur accepté par le centre, ou un administrateur) '
      + 's’il a au moins un chapitre avec un contenu et une fiche programme complète ; sinon 409 dit ce qui manque (ADR 0030, 0047)',
  })
  @ApiOkResponse({ type: PublicationResult })
  async publish(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<PublicationResult> {
    await this.commands.execute(new ReleaseCourse(actor, id));
    return { success: true, status: 'published', message: 'Le cours est publié : il apparaît au catalogue.' };
  }

  @Post('course/:id/unpublish')
  @HttpCode(200)
  @ApiOperation({ summary: '« Repasser en brouillon » : le cours quitte le catalogue ; les étudiants inscrits le gardent (ADR 0030)' })
  @ApiOkResponse({ type: PublicationResult })
  async unpublish(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<PublicationResult> {
    await this.commands.execute(new ReturnCourseToDraft(actor, id));
    return { success: true, status: 'draft', message: 'Le cours est repassé en brouillon : il n’apparaît plus au catalogue.' };
  }

  @Put('course/:id/programme')
  @ApiOperation({
    summary: 'Modifie la fiche programme d’un cours (son formateur ou un administrateur ; ADR 0047) : chaque élément absent reste tel quel, '
      + 'null ou vide l’efface ; un cours publié garde une fiche complète (409 sinon)',
  })
  @ApiOkResponse({ type: CourseEditView })
  async programme(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() form: ProgrammeForm): Promise<CourseEditView> {
    await this.commands.execute(new EditCourseProgramme(actor, id, programmeChanges(form), promiseChanges(form)));
    return this.queries.execute(new GetCourseForEditing(actor, id));
  }

  @Get('course/:id/removal')
  @ApiOperation({ summary: 'Ce que ferait la suppression : archivage (étudiants inscrits) ou suppression définitive' })
  @ApiOkResponse({ type: RemovalImpactView })
  removal(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalImpactView> {
    return this.queries.execute(new GetRemovalImpact(actor, 'course', id));
  }

  @Delete('course/:id')
  @ApiOperation({ summary: 'Supprime un cours sans inscrit ; archive (masque, conserve) un cours suivi' })
  @ApiOkResponse({ type: RemovalResult })
  remove(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalResult> {
    return this.commands.execute(new RemoveCourse(actor, id));
  }

  @Get('teacher-course/:teacher_id')
  @ApiOperation({ summary: 'Les cours d’un formateur (« Mes cours »)' })
  @ApiOkResponse({ type: [AuthoredCourseRow] })
  teacherCourses(@CurrentActor() actor: Actor, @Param('teacher_id', IdPipe) teacherId: number): Promise<AuthoredCourseRow[]> {
    return this.queries.execute(new ListAuthoredCourses(actor, teacherId));
  }

  @Get('formateur-course/:teacher')
  @ApiOperation({ summary: 'Les cours d’un formateur (second chemin de la spec)' })
  @ApiOkResponse({ type: [AuthoredCourseRow] })
  formateurCourses(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number): Promise<AuthoredCourseRow[]> {
    return this.queries.execute(new ListAuthoredCourses(actor, teacherId));
  }

  @Get('teacher-course-detail/:course_id')
  @ApiOperation({ summary: 'Un cours pour son formulaire de modification' })
  @ApiOkResponse({ type: CourseEditView })
  detail(@CurrentActor() actor: Actor, @Param('course_id', IdPipe) courseId: number): Promise<CourseEditView> {
    return this.queries.execute(new GetCourseForEditing(actor, courseId));
  }

  @Put('teacher-course-detail/:course_id')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie un cours (chemin de l’espace formateur)' })
  @ApiOkResponse({ type: CourseEditView })
  updateDetail(@CurrentActor() actor: Actor, @Param('course_id', IdPipe) courseId: number, @Body() form: CourseForm): Promise<CourseEditView> {
    return this.edit(actor, courseId, form);
  }

  @Get('formateur/dashboard/:teacher')
  @ApiOperation({ summary: 'Tableau de bord du formateur : cours, étudiants distincts, chapitres' })
  @ApiOkResponse({ type: TrainerDashboardView })
  dashboard(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number): Promise<TrainerDashboardView> {
    return this.queries.execute(new GetTrainerDashboard(actor, teacherId));
  }

  private async edit(actor: Actor, courseId: number, form: CourseForm): Promise<CourseEditView> {
    await this.commands.execute(new UpdateCourse(actor, courseId, form, imageOf(form.featured_img)));
    return this.queries.execute(new GetCourseForEditing(actor, courseId));
  }
}
