import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { BoolResponse } from '../../../platform/http/responses.js';
import { InvalidInputError, type Actor } from '../../../shared-kernel/index.js';
import { CompleteHomework } from '../application/commands/complete-homework.command.js';
import { GiveHomework } from '../application/commands/give-homework.command.js';
import { ListHomework, ListMyHomework } from '../application/queries/list-homework.query.js';
import { ListTutorLinks } from '../application/queries/list-tutor-links.query.js';
import { HomeworkView, TutorLink } from '../application/queries/tutoring.views.js';
import { HomeworkForm, HomeworkStatusForm } from './tutoring.requests.js';

/** Homework ("devoirs", the spec's assignments, issue 10): given by the trainer who follows the student, marked done by the student. */
@ApiTags('Devoirs')
@ApiExtraModels(TutorLink)
@Controller()
export class HomeworkController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('student-assignment/:teacher/:student')
  @Authenticated('teacher', 'admin')
  @ApiOperation({
    summary: 'Formateur : les devoirs donnés à l’étudiant. Administrateur : le lien de suivi (liste de TutorLink, vide sans lien) — docs/adr/0013',
  })
  @ApiOkResponse({ type: [HomeworkView] })
  list(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number, @Param('student', IdPipe) studentId: number): Promise<HomeworkView[] | TutorLink[]> {
    return actor.role === 'admin'
      ? this.queries.execute(new ListTutorLinks(actor, teacherId, studentId))
      : this.queries.execute(new ListHomework(actor, teacherId, studentId));
  }

  @Post('student-assignment/:teacher/:student')
  @HttpCode(201)
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Donne un devoir (titre et détail obligatoires) à un étudiant que suit le formateur' })
  @ApiCreatedResponse({ type: HomeworkView })
  async give(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number, @Param('student', IdPipe) studentId: number, @Body() body: HomeworkForm): Promise<HomeworkView> {
    if (body.teacher !== undefined && body.teacher !== teacherId) throw new InvalidInputError('Le formateur ne correspond pas à celui de l’adresse.', 'teacher');
    if (body.student !== undefined && body.student !== studentId) throw new InvalidInputError("L'étudiant ne correspond pas à celui de l’adresse.", 'student');
    const id = await this.commands.execute(new GiveHomework(actor, teacherId, studentId, body.title, body.detail));
    const list = await this.queries.execute(new ListHomework(actor, teacherId, studentId));
    return list.find((h) => h.id === id)!;
  }

  @Get('my-assignments/:studentId')
  @Authenticated('student', 'admin')
  @ApiOperation({ summary: 'Les devoirs de l’étudiant (en attente d’abord). La spec l’appelle hors de /api : servi sous /api' })
  @ApiOkResponse({ type: [HomeworkView] })
  mine(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number): Promise<HomeworkView[]> {
    return this.queries.execute(new ListMyHomework(actor, studentId));
  }

  @Put('update-assignments/:id')
  @Authenticated('student')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'L’étudiant marque son devoir comme terminé (student_status=true, définitif)' })
  @ApiOkResponse({ type: BoolResponse })
  async complete(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: HomeworkStatusForm): Promise<BoolResponse> {
    await this.commands.execute(new CompleteHomework(actor, id, body.student_status));
    return { bool: true };
  }
}
