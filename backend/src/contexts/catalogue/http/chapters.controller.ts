import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { AddChapter, type StepInput } from '../application/commands/add-chapter.command.js';
import { AddSubchapter } from '../application/commands/add-subchapter.command.js';
import { MoveStep } from '../application/commands/move-step.command.js';
import { RemoveStep } from '../application/commands/remove-step.command.js';
import { ReorderChapters } from '../application/commands/reorder-chapters.command.js';
import { ReorderSubchapters } from '../application/commands/reorder-subchapters.command.js';
import { UpdateChapter } from '../application/commands/update-chapter.command.js';
import { UpdateSubchapter } from '../application/commands/update-subchapter.command.js';
import { ChapterView, RemovalImpactView, RemovalResult, SubchapterView } from '../application/queries/authoring.views.js';
import { GetRemovalImpact } from '../application/queries/get-removal-impact.query.js';
import { GetChapter, ListChapters } from '../application/queries/list-chapters.query.js';
import { GetSubchapter, ListSubchapters } from '../application/queries/list-subchapters.query.js';
import {
  ChapterForm, ChapterOrder, OrderPatch, StepForm, SubchapterForm, SubchapterListQuery, SubchapterOrder, SubchapterUpdateForm,
} from './authoring.requests.js';
import { fileOf } from './uploaded.js';

function stepInput(form: StepForm | ChapterForm): StepInput {
  return {
    ...('scorm_rule' in form && form.scorm_rule ? { scormRule: form.scorm_rule } : {}),
    title: form.title,
    description: form.description,
    contentType: form.content_type,
    duration: form.duration ?? 0,
    videoUrl: form.video_url,
    textContent: form.text_content,
    quizId: form.quiz ?? null,
    ...(form.declared_minutes !== undefined ? { declaredMinutes: form.declared_minutes } : {}),
  };
}

/** Chapters and sub-chapters of a course: its trainer and admins (issue 8). */
@ApiTags('Création de cours')
@Controller()
@Authenticated('teacher', 'admin')
export class ChaptersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('course-chapters/:course_id')
  @Authenticated('teacher', 'admin', 'student')
  @ApiOperation({ summary: 'Les chapitres d’un cours dans l’ordre, avec leur contenu et leurs sous-chapitres (aussi pour les étudiants qui le suivent : le lecteur de cours)' })
  @ApiOkResponse({ type: [ChapterView] })
  chapters(@CurrentActor() actor: Actor, @Param('course_id', IdPipe) courseId: number): Promise<ChapterView[]> {
    return this.queries.execute(new ListChapters(actor, courseId));
  }

  @Post('course-chapters/:course_id')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Ajoute un chapitre en dernier (vidéo déposée, lien vidéo, texte, quiz ou paquet SCORM)' })
  @ApiCreatedResponse({ type: ChapterView })
  async addChapter(@CurrentActor() actor: Actor, @Param('course_id', IdPipe) courseId: number, @Body() form: ChapterForm): Promise<ChapterView> {
    const files = { video: fileOf(form.video, 'video'), scorm: fileOf(form.scorm_file, 'scorm_file') };
    const id = await this.commands.execute(new AddChapter(actor, courseId, stepInput(form), files));
    return this.queries.execute(new GetChapter(actor, id));
  }

  @Put('course-chapters/:course_id/order')
  @ApiOperation({ summary: 'Nouvel ordre de tous les chapitres, en une fois (jamais à moitié appliqué)' })
  @ApiOkResponse({ type: [ChapterView] })
  async reorderChapters(@CurrentActor() actor: Actor, @Param('course_id', IdPipe) courseId: number, @Body() body: ChapterOrder): Promise<ChapterView[]> {
    await this.commands.execute(new ReorderChapters(actor, courseId, body.chapters));
    return this.queries.execute(new ListChapters(actor, courseId));
  }

  @Get('chapter/:id')
  @ApiOperation({ summary: 'Un chapitre (et son cours, champ course)' })
  @ApiOkResponse({ type: ChapterView })
  chapter(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<ChapterView> {
    return this.queries.execute(new GetChapter(actor, id));
  }

  @Put('chapter/:id')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie un chapitre (un nouveau fichier remplace l’ancien)' })
  @ApiOkResponse({ type: ChapterView })
  async updateChapter(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() form: ChapterForm): Promise<ChapterView> {
    const files = { video: fileOf(form.video, 'video'), scorm: fileOf(form.scorm_file, 'scorm_file') };
    await this.commands.execute(new UpdateChapter(actor, id, stepInput(form), files));
    return this.queries.execute(new GetChapter(actor, id));
  }

  @Patch('chapter/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Place le chapitre à la position donnée ; celui qui l’occupait prend sa place' })
  @ApiNoContentResponse({ description: 'Déplacé' })
  async moveChapter(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: OrderPatch): Promise<void> {
    await this.commands.execute(new MoveStep(actor, 'chapter', id, body.order));
  }

  @Get('chapter/:id/removal')
  @ApiOperation({ summary: 'Ce que ferait la suppression du chapitre : archivage ou suppression' })
  @ApiOkResponse({ type: RemovalImpactView })
  chapterRemoval(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalImpactView> {
    return this.queries.execute(new GetRemovalImpact(actor, 'chapter', id));
  }

  @Delete('chapter/:id')
  @ApiOperation({ summary: 'Supprime le chapitre (archivé si des étudiants suivent le cours)' })
  @ApiOkResponse({ type: RemovalResult })
  removeChapter(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalResult> {
    return this.commands.execute(new RemoveStep(actor, 'chapter', id));
  }

  @Get('subchapters')
  @ApiOperation({ summary: 'Les sous-chapitres d’un chapitre (?chapter=)' })
  @ApiOkResponse({ type: [SubchapterView] })
  subchapters(@CurrentActor() actor: Actor, @Query() query: SubchapterListQuery): Promise<SubchapterView[]> {
    return this.queries.execute(new ListSubchapters(actor, query.chapter));
  }

  @Post('subchapters')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Ajoute un sous-chapitre en dernier sous son chapitre' })
  @ApiCreatedResponse({ type: SubchapterView })
  async addSubchapter(@CurrentActor() actor: Actor, @Body() form: SubchapterForm): Promise<SubchapterView> {
    const id = await this.commands.execute(new AddSubchapter(actor, form.chapter, stepInput(form), { video: fileOf(form.video, 'video') }));
    return this.queries.execute(new GetSubchapter(actor, id));
  }

  @Put('subchapters/order')
  @ApiOperation({ summary: 'Nouvel ordre de tous les sous-chapitres d’un chapitre, en une fois' })
  @ApiOkResponse({ type: [SubchapterView] })
  async reorderSubchapters(@CurrentActor() actor: Actor, @Body() body: SubchapterOrder): Promise<SubchapterView[]> {
    await this.commands.execute(new ReorderSubchapters(actor, body.chapter, body.subchapters));
    return this.queries.execute(new ListSubchapters(actor, body.chapter));
  }

  @Get('subchapter/:id')
  @ApiOperation({ summary: 'Un sous-chapitre' })
  @ApiOkResponse({ type: SubchapterView })
  subchapter(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<SubchapterView> {
    return this.queries.execute(new GetSubchapter(actor, id));
  }

  @Put('subchapter/:id')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie un sous-chapitre (chapter : le déplacer sous un autre chapitre du cours)' })
  @ApiOkResponse({ type: SubchapterView })
  async updateSubchapter(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() form: SubchapterUpdateForm): Promise<SubchapterView> {
    await this.commands.execute(new UpdateSubchapter(actor, id, stepInput(form), form.chapter, { video: fileOf(form.video, 'video') }));
    return this.queries.execute(new GetSubchapter(actor, id));
  }

  @Patch('subchapter/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Place le sous-chapitre à la position donnée dans son chapitre (échange de places)' })
  @ApiNoContentResponse({ description: 'Déplacé' })
  async moveSubchapter(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: OrderPatch): Promise<void> {
    await this.commands.execute(new MoveStep(actor, 'subchapter', id, body.order));
  }

  @Get('subchapter/:id/removal')
  @ApiOperation({ summary: 'Ce que ferait la suppression du sous-chapitre' })
  @ApiOkResponse({ type: RemovalImpactView })
  subchapterRemoval(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalImpactView> {
    return this.queries.execute(new GetRemovalImpact(actor, 'subchapter', id));
  }

  @Delete('subchapter/:id')
  @ApiOperation({ summary: 'Supprime le sous-chapitre (archivé si des étudiants suivent le cours)' })
  @ApiOkResponse({ type: RemovalResult })
  removeSubchapter(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalResult> {
    return this.commands.execute(new RemoveStep(actor, 'subchapter', id));
  }
}
