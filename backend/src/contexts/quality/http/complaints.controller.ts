import { Body, Controller, Get, HttpCode, Logger, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor, OptionallyAuthenticated } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { sendWorkbook, XLSX_FILE_RESPONSE, XLSX_TYPE } from '../../../platform/http/xlsx.js';
import type { Actor } from '../../../shared-kernel/index.js';
import {
  AnswerComplaint, ChangeComplaintStatus, FileComplaint, RecordComplaintAction, TOO_MANY_COMPLAINTS,
} from '../application/complaints/complaint.commands.js';
import { GetComplaint, ListComplaintCourses, ListComplaints, ListMyComplaints } from '../application/complaints/complaint.queries.js';
import { ComplaintCourse, ComplaintReceipt, ComplaintView, ImprovementActionView, MyComplaintView } from '../application/complaints/complaint.views.js';
import { OpenImprovementAction } from '../application/improvements/improvement.commands.js';
import { GetImprovementAction } from '../application/improvements/improvement.queries.js';
import { ExportComplaints } from '../application/quality-exports.js';
import {
  ComplaintActionForm, ComplaintAnswerForm, ComplaintListQuery, ComplaintStatusForm, FileComplaintForm, ImprovementActionForm,
} from './quality.requests.js';

/** Complaints (réclamations, issue 29 item 6, docs/adr/0048): filed from the public page, handled by admins in the register. */
@ApiTags('Réclamations')
@Controller()
export class ComplaintsController {
  private readonly logger = new Logger('Réclamations');

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('complaints')
  @HttpCode(201)
  @OptionallyAuthenticated()
  @ApiOperation({
    summary: 'Dépose une réclamation : un apprenant ou un formateur connecté (son compte), ou un visiteur (nom, e-mail, téléphone facultatif)',
    description: 'Les visiteurs sont limités par adresse ; un accusé de réception part par e-mail. La même request_key renvoyée répond la réclamation déjà enregistrée.',
  })
  @ApiCreatedResponse({ type: ComplaintReceipt })
  @ApiResponse({ status: 429, description: TOO_MANY_COMPLAINTS })
  file(@CurrentActor() actor: Actor | undefined, @Body() body: FileComplaintForm, @Req() request: FastifyRequest): Promise<ComplaintReceipt> {
    return this.commands.execute(
      new FileComplaint(actor ?? null, {
        category: body.category, courseId: body.course_id ?? null, message: body.message,
        visitor: { name: body.name, email: body.email, phone: body.phone }, honeypot: body.website, requestKey: body.request_key, address: request.ip,
      }),
    );
  }

  @Get('complaints/courses')
  @ApiOperation({ summary: 'Les formations publiées qu’une réclamation peut concerner (la liste du formulaire public)' })
  @ApiOkResponse({ type: [ComplaintCourse] })
  courses(): Promise<ComplaintCourse[]> {
    return this.queries.execute(new ListComplaintCourses());
  }

  @Get('complaints/mine')
  @Authenticated('student', 'teacher')
  @ApiOperation({ summary: 'Les réclamations de l’apprenant ou du formateur connecté, leur statut et les réponses reçues' })
  @ApiOkResponse({ type: [MyComplaintView] })
  mine(@CurrentActor() actor: Actor): Promise<MyComplaintView[]> {
    return this.queries.execute(new ListMyComplaints(actor));
  }

  @Get('admin/complaints')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le registre des réclamations, les plus récentes d’abord (1 000 au plus ; l’export les a toutes), filtré par statut, objet et période' })
  @ApiOkResponse({ type: [ComplaintView] })
  list(@Query() query: ComplaintListQuery): Promise<ComplaintView[]> {
    return this.queries.execute(new ListComplaints({ status: query.status, category: query.category, from: query.from, to: query.to }));
  }

  @Get('admin/complaints/export')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le registre des réclamations en classeur .xlsx (mêmes filtres)' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(XLSX_FILE_RESPONSE)
  async export(@Query() query: ComplaintListQuery, @Res() reply: FastifyReply): Promise<void> {
    const workbook = await this.queries.execute(new ExportComplaints({ status: query.status, category: query.category, from: query.from, to: query.to }));
    await sendWorkbook(reply, workbook, this.logger);
  }

  @Get('admin/complaints/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Une réclamation du registre, ses réponses et ses actions d’amélioration' })
  @ApiOkResponse({ type: ComplaintView })
  one(@Param('id', IdPipe) id: number): Promise<ComplaintView> {
    return this.queries.execute(new GetComplaint(id));
  }

  @Put('admin/complaints/:id/status')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Change le statut (recue, en_cours, traitee, close ; une réclamation close ne change plus)' })
  @ApiOkResponse({ type: ComplaintView })
  async status(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: ComplaintStatusForm): Promise<ComplaintView> {
    await this.commands.execute(new ChangeComplaintStatus(actor, id, body.status));
    return this.queries.execute(new GetComplaint(id));
  }

  @Post('admin/complaints/:id/answers')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Répond à la réclamation ; la réponse est envoyée par e-mail à son auteur. La première fixe le délai de traitement (horloge du serveur).' })
  @ApiCreatedResponse({ type: ComplaintView })
  async answer(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: ComplaintAnswerForm): Promise<ComplaintView> {
    await this.commands.execute(new AnswerComplaint(actor, id, body.message, body.answer_key));
    return this.queries.execute(new GetComplaint(id));
  }

  @Put('admin/complaints/:id/action')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Enregistre l’action menée' })
  @ApiOkResponse({ type: ComplaintView })
  async action(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: ComplaintActionForm): Promise<ComplaintView> {
    await this.commands.execute(new RecordComplaintAction(actor, id, body.action_taken));
    return this.queries.execute(new GetComplaint(id));
  }

  @Post('admin/complaints/:id/improvement-actions')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Ouvre une action d’amélioration depuis la réclamation (origine « réclamation »)' })
  @ApiCreatedResponse({ type: ImprovementActionView })
  async improve(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: ImprovementActionForm): Promise<ImprovementActionView> {
    const actionId = await this.commands.execute(new OpenImprovementAction(actor, { source: body.source ?? 'reclamation', description: body.description, owner: body.owner, dueOn: body.due_on }, id, body.request_key ?? null));
    return this.queries.execute(new GetImprovementAction(actionId));
  }
}
