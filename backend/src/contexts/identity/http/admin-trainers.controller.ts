import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { AcceptTrainer } from '../application/commands/accept-trainer.command.js';
import { CreateTrainer } from '../application/commands/create-trainer.command.js';
import { RefuseTrainer } from '../application/commands/refuse-trainer.command.js';
import { RemovePerson } from '../application/commands/remove-person.command.js';
import { UpdateTrainerRecord } from '../application/commands/update-trainer-record.command.js';
import { DescribeRemoval } from '../application/queries/describe-removal.query.js';
import { GetTrainerRecord } from '../application/queries/get-trainer-record.query.js';
import { TrainerRecordView } from '../application/queries/record-views.js';
import { RemovalPlan } from '../application/removal-plan.js';
import { normaliseEmail } from '../domain/account.aggregate.js';
import { IDENTITY_MESSAGES, InvalidRecordError } from '../domain/identity.errors.js';
import type { TeacherAdminRecord } from '../domain/profiles.js';
import { CreateTrainerRequest, UpdateTrainerRequest } from './admin.requests.js';
import { RefuseTrainerRequest } from './identity.requests.js';
import { RemovalResponse, TrainerDecisionResponse } from './admin.responses.js';

/** The back office's trainers (spec 03): create, read, edit (never the login name), remove. The list is GET /formateur/. */
@ApiTags('Administration — formateurs')
@Controller()
export class AdminTrainersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('formateur')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Crée un formateur (prenom, nom, email, telephone, calendly, user {username, email, password})' })
  @ApiCreatedResponse({ type: TrainerRecordView })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateTrainerRequest): Promise<TrainerRecordView> {
    const { user } = body;
    if (!user.username) throw new InvalidRecordError(IDENTITY_MESSAGES.usernameMissing.replace(' LMS', ''), 'user.username');
    if (user.password === undefined) throw new InvalidRecordError('Le mot de passe est obligatoire.', 'user.password');
    if (user.email && normaliseEmail(user.email) !== normaliseEmail(body.email)) {
      throw new InvalidRecordError("L'adresse e-mail du compte doit être celle du formateur.", 'user.email');
    }
    const record: TeacherAdminRecord = { prenom: body.prenom, nom: body.nom, email: body.email, telephone: body.telephone ?? '', calendly: body.calendly ?? '' };
    const id = await this.commands.execute(new CreateTrainer(actor, record, user.username, user.password));
    return this.queries.execute(new GetTrainerRecord(actor, id));
  }

  @Get('formateur/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le formateur (prenom, nom, email, telephone, calendly, is_active, user_read)' })
  @ApiOkResponse({ type: TrainerRecordView })
  get(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<TrainerRecordView> {
    return this.queries.execute(new GetTrainerRecord(actor, id));
  }

  @Patch('formateur/:id')
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Modifie le formateur (seuls les champs envoyés) ; le nom d’utilisateur ne change pas' })
  @ApiOkResponse({ type: TrainerRecordView })
  async update(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: UpdateTrainerRequest): Promise<TrainerRecordView> {
    const changes: Partial<TeacherAdminRecord> = {};
    if (body.prenom !== undefined) changes.prenom = body.prenom;
    if (body.nom !== undefined) changes.nom = body.nom;
    if (body.email !== undefined) changes.email = body.email;
    if (body.telephone !== undefined) changes.telephone = body.telephone ?? '';
    if (body.calendly !== undefined) changes.calendly = body.calendly ?? '';
    await this.commands.execute(new UpdateTrainerRecord(actor, id, changes));
    return this.queries.execute(new GetTrainerRecord(actor, id));
  }

  @Get('formateur/:id/removal')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Ce que ferait la suppression du formateur : fermeture (historique conservé) ou suppression définitive' })
  @ApiOkResponse({ type: RemovalPlan })
  removal(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalPlan> {
    return this.queries.execute(new DescribeRemoval(actor, { role: 'teacher', profileId: id }));
  }

  @Delete('formateur/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Supprime le formateur : avec des cours, quiz ou suivis, son compte est fermé et l’historique conservé ; sans, il est supprimé' })
  @ApiOkResponse({ type: RemovalResponse })
  async remove(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalResponse> {
    const plan = await this.commands.execute(new RemovePerson(actor, { role: 'teacher', profileId: id }));
    return { success: true, mode: plan.mode, message: 'Le formateur a été supprimé.' };
  }

  @Post('formateur/:id/accept')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Accepte un formateur inscrit par la page publique (ADR 0030) ; il en est informé par e-mail' })
  @ApiOkResponse({ type: TrainerDecisionResponse })
  async accept(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<TrainerDecisionResponse> {
    const outcome = await this.commands.execute(new AcceptTrainer(actor, id));
    return { success: true, approval: 'accepted', message: 'Le formateur a été accepté.', email_sent: outcome.emailSent, email_error: outcome.emailError };
  }

  @Post('formateur/:id/refuse')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Refuse un formateur inscrit par la page publique, avec la raison qui lui est envoyée par e-mail (ADR 0030)' })
  @ApiOkResponse({ type: TrainerDecisionResponse })
  async refuse(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: RefuseTrainerRequest): Promise<TrainerDecisionResponse> {
    const outcome = await this.commands.execute(new RefuseTrainer(actor, id, body.reason));
    return { success: true, approval: 'refused', message: 'La demande du formateur a été refusée.', email_sent: outcome.emailSent, email_error: outcome.emailError };
  }
}
