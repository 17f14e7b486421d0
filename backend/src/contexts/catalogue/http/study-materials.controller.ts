import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { AddStudyMaterial } from '../application/commands/add-study-material.command.js';
import { RemoveStudyMaterial } from '../application/commands/remove-study-material.command.js';
import { RemovalResult, StudyMaterialView } from '../application/queries/authoring.views.js';
import { ListStudyMaterials } from '../application/queries/list-study-materials.query.js';
import { StudyMaterialForm } from './authoring.requests.js';
import { fileOf } from './uploaded.js';

/** Study documents of a course: shared by its author, read by its learners (issue 8). */
@ApiTags('Création de cours')
@Controller()
export class StudyMaterialsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('study-material/:course_id')
  @Authenticated()
  @ApiOperation({ summary: 'Les documents d’un cours (étudiants inscrits, son formateur, les administrateurs)' })
  @ApiOkResponse({ type: [StudyMaterialView] })
  list(@CurrentActor() actor: Actor, @Param('course_id', IdPipe) courseId: number): Promise<StudyMaterialView[]> {
    return this.queries.execute(new ListStudyMaterials(actor, courseId));
  }

  @Post('study-material/:course_id')
  @HttpCode(201)
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Ajoute un document (PDF, bureautique, image, texte ou zip ; contrôlé par son contenu)' })
  @ApiCreatedResponse({ type: StudyMaterialView })
  async add(@CurrentActor() actor: Actor, @Param('course_id', IdPipe) courseId: number, @Body() form: StudyMaterialForm): Promise<StudyMaterialView> {
    const fields = { title: form.title, description: form.description ?? '', remarks: form.remarks ?? '' };
    const id = await this.commands.execute(new AddStudyMaterial(actor, courseId, fields, fileOf(form.upload, 'upload')));
    const documents = await this.queries.execute(new ListStudyMaterials(actor, courseId));
    return documents.find((document) => document.id === id)!;
  }

  @Delete('study-materials/:id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Retire un document (archivé si des étudiants suivent le cours)' })
  @ApiOkResponse({ type: RemovalResult })
  remove(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalResult> {
    return this.commands.execute(new RemoveStudyMaterial(actor, id));
  }
}
