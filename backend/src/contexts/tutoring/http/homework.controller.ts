import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { BoolResponse } from '../../../platform/http/responses.js';
import { isUploadedFile, type UploadedFile } from '../../../platform/http/uploaded-file.js';
import { MediaStorage } from '../../../platform/storage/media-storage.js';
import { sendStoredFile } from '../../../platform/storage/serve-file.js';
import { InvalidInputError, type Actor } from '../../../shared-kernel/index.js';
import { GradeHomework } from '../application/commands/grade-homework.command.js';
import { SubmitHomework } from '../application/commands/submit-homework.command.js';
import { GetHomeworkFile } from '../application/queries/get-homework-file.query.js';
import { endOfParisDay } from '../domain/due-date.js';
import { HomeworkNotFoundError } from '../domain/tutoring.errors.js';
import { CompleteHomework } from '../application/commands/complete-homework.command.js';
import { GiveHomework } from '../application/commands/give-homework.command.js';
import { GetHomeworkView, ListHomework, ListMyHomework } from '../application/queries/list-homework.query.js';
import { ListTutorLinks } from '../application/queries/list-tutor-links.query.js';
import { HomeworkView, TutorLink } from '../application/queries/tutoring.views.js';
import { HomeworkForm, HomeworkGradeForm, HomeworkStatusForm, HomeworkSubmissionForm } from './tutoring.requests.js';

/** Homework ("devoirs", the spec's assignments, issue 10): given by the trainer who follows the student, marked done by the student. */
@ApiTags('Devoirs')
@ApiExtraModels(TutorLink)
@Controller()
export class HomeworkController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly storage: MediaStorage,
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
  @ApiOperation({ summary: 'Donne un devoir (titre et détail obligatoires, date limite facultative) à un étudiant que suit le formateur' })
  @ApiCreatedResponse({ type: HomeworkView })
  async give(@CurrentActor() actor: Actor, @Param('teacher', IdPipe) teacherId: number, @Param('student', IdPipe) studentId: number, @Body() body: HomeworkForm): Promise<HomeworkView> {
    if (body.teacher !== undefined && body.teacher !== teacherId) throw new InvalidInputError('Le formateur ne correspond pas à celui de l’adresse.', 'teacher');
    if (body.student !== undefined && body.student !== studentId) throw new InvalidInputError("L'étudiant ne correspond pas à celui de l’adresse.", 'student');
    const dueAt = body.due_date ? endOfParisDay(body.due_date) : null;
    const id = await this.commands.execute(new GiveHomework(actor, teacherId, studentId, body.title, body.detail, dueAt));
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

  @Post('homework/:id/submissions')
  @HttpCode(201)
  @Authenticated('student')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'L’apprenant rend son devoir : une réponse et/ou des fichiers (vérifiés par leur contenu), jusqu’à la note ; chaque rendu est gardé, en retard après la date limite (horloge du serveur). La même submission_key renvoyée répond le rendu déjà enregistré — docs/adr/0044',
  })
  @ApiCreatedResponse({ type: HomeworkView })
  async submit(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: HomeworkSubmissionForm): Promise<HomeworkView> {
    if (body.answer !== undefined && typeof body.answer !== 'string') throw new InvalidInputError('La réponse doit être un texte.', 'answer');
    const files = body.upload === undefined ? [] : [body.upload].flat();
    if (!files.every(isUploadedFile)) throw new InvalidInputError('Le champ « upload » doit contenir des fichiers.', 'upload');
    await this.commands.execute(new SubmitHomework(actor, id, body.answer ?? '', files as UploadedFile[], body.submission_key));
    return (await this.queries.execute(new GetHomeworkView(id)))!;
  }

  @Put('homework/:id/grade')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Le formateur qui a donné le devoir (ou un administrateur) le note sur 20, par demi-point, avec une appréciation facultative ; l’apprenant est prévenu par e-mail — docs/adr/0044' })
  @ApiOkResponse({ type: HomeworkView })
  async grade(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: HomeworkGradeForm): Promise<HomeworkView> {
    if (body.feedback !== undefined && body.feedback !== null && typeof body.feedback !== 'string') throw new InvalidInputError('L’appréciation doit être un texte.', 'feedback');
    await this.commands.execute(new GradeHomework(actor, id, body.grade, typeof body.feedback === 'string' ? body.feedback : ''));
    const view = await this.queries.execute(new GetHomeworkView(id));
    if (!view) throw new HomeworkNotFoundError();
    return view;
  }

  @Get('homework-files/:id')
  @Authenticated('student', 'teacher', 'admin')
  @ApiOperation({ summary: 'Télécharge un fichier rendu : l’apprenant qui l’a rendu, le formateur qui a donné le devoir, un administrateur' })
  @ApiProduces('application/octet-stream')
  @ApiResponse({ status: 200, description: 'Le fichier tel que rendu (206 et Content-Range pour une plage)', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } })
  async file(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const file = await this.queries.execute(new GetHomeworkFile(actor, id));
    return sendStoredFile(reply, request, this.storage, file.path, { contentType: file.contentType, downloadName: file.fileName, cacheSeconds: 0 });
  }
}
