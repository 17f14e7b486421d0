import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { CreateStudent } from '../application/commands/create-student.command.js';
import { RemovePerson } from '../application/commands/remove-person.command.js';
import { SetAccountPassword } from '../application/commands/set-account-password.command.js';
import { UpdateAccountEmail } from '../application/commands/update-account-email.command.js';
import { UpdateStudentRecord } from '../application/commands/update-student-record.command.js';
import { DescribeRemoval } from '../application/queries/describe-removal.query.js';
import { GetStudentRecord } from '../application/queries/get-student-record.query.js';
import { GetUser } from '../application/queries/get-user.query.js';
import { ListStudentRecords } from '../application/queries/list-student-records.query.js';
import { StudentRecordView, UserView } from '../application/queries/record-views.js';
import { RemovalPlan } from '../application/removal-plan.js';
import { resolveStudentLogin } from '../application/student-login.js';
import { UserNotFoundError } from '../domain/identity.errors.js';
import type { StudentRecord } from '../domain/profiles.js';
import { AdminPasswordRequest, CreateStudentRequest, UpdateStudentRequest, UpdateUserRequest } from './admin.requests.js';
import { PasswordChangeResponse, RemovalResponse, StudentCreatedResponse } from './admin.responses.js';

/** The fields of the record a PATCH sent (absent = unchanged; null or empty = cleared). */
function recordChanges(body: UpdateStudentRequest): Partial<StudentRecord> {
  const changes: Partial<StudentRecord> = {};
  if (body.prenom !== undefined) changes.prenom = body.prenom;
  if (body.nom !== undefined) changes.nom = body.nom;
  if (body.email !== undefined) changes.email = body.email;
  if (body.nom_utilisateur_lms !== undefined) changes.username = body.nom_utilisateur_lms;
  if (body.telephone !== undefined) changes.telephone = body.telephone ?? '';
  if (body.numero_dossier !== undefined) changes.numeroDossier = body.numero_dossier;
  if (body.type_dossier !== undefined) changes.typeDossier = body.type_dossier ?? '';
  if (body.type_formation !== undefined) changes.typeFormation = body.type_formation ?? '';
  if (body.formations !== undefined) changes.formations = body.formations ?? [];
  if (body.date_entree !== undefined) changes.dateEntree = body.date_entree;
  if (body.date_sortie !== undefined) changes.dateSortie = body.date_sortie;
  return changes;
}

/** The back office's students (spec 03, issue 13): their administrative record, login, password and removal. */
@ApiTags('Administration — étudiants')
@Controller()
export class AdminStudentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('admin/students/full-data')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Tous les étudiants (dossiers administratifs), par nom ; les comptes fermés n’y sont plus' })
  @ApiOkResponse({ type: [StudentRecordView] })
  list(@CurrentActor() actor: Actor): Promise<StudentRecordView[]> {
    return this.queries.execute(new ListStudentRecords(actor));
  }

  @Post('students')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({
    summary: 'Crée un étudiant avec son dossier ; formateur_id facultatif ; e-mail de bienvenue (par défaut) dont l’échec n’empêche pas la création (email_error)',
  })
  @ApiCreatedResponse({ type: StudentCreatedResponse })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateStudentRequest): Promise<StudentCreatedResponse> {
    const login = resolveStudentLogin({ email: body.email, nomUtilisateurLms: body.nom_utilisateur_lms, motDePasseLms: body.mot_de_passe_lms, user: body.user });
    const record: StudentRecord = {
      prenom: body.prenom, nom: body.nom, email: body.email, username: login.username, telephone: body.telephone ?? '',
      numeroDossier: body.numero_dossier ?? null, typeDossier: body.type_dossier ?? '', typeFormation: body.type_formation ?? '',
      formations: body.formations ?? [], dateEntree: body.date_entree ?? null, dateSortie: body.date_sortie ?? null,
    };
    const sendWelcomeEmail = body.send_welcome_email ?? true;
    const created = await this.commands.execute(new CreateStudent(actor, record, login.password, body.formateur_id ?? null, sendWelcomeEmail));
    const view = await this.queries.execute(new GetStudentRecord(actor, created.studentId));
    const message = created.emailError
      ? "Étudiant ajouté avec succès ! L'étudiant a été créé mais l'email n'a pas pu être envoyé."
      : `Étudiant ajouté avec succès !${created.emailSent ? ' Un email de bienvenue a été envoyé.' : ''}`;
    return { ...view, email_sent: created.emailSent, email_error: created.emailError, message };
  }

  @Get('admin/students/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le dossier d’un étudiant (un compte fermé reste lisible : closed_at)' })
  @ApiOkResponse({ type: StudentRecordView })
  get(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<StudentRecordView> {
    return this.queries.execute(new GetStudentRecord(actor, id));
  }

  @Patch('admin/students/:id')
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Modifie le dossier (seuls les champs envoyés) ; le nom d’utilisateur ne change pas' })
  @ApiOkResponse({ type: StudentRecordView })
  async update(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: UpdateStudentRequest): Promise<StudentRecordView> {
    await this.commands.execute(new UpdateStudentRecord(actor, id, recordChanges(body)));
    return this.queries.execute(new GetStudentRecord(actor, id));
  }

  @Get('admin/students/:id/removal')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Ce que ferait la suppression : fermeture (historique conservé) ou suppression définitive, et pourquoi' })
  @ApiOkResponse({ type: RemovalPlan })
  removal(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalPlan> {
    return this.queries.execute(new DescribeRemoval(actor, { role: 'student', profileId: id }));
  }

  @Delete('admin/students/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Supprime l’étudiant : avec un historique, son compte est fermé et l’historique conservé ; sans, il est supprimé' })
  @ApiOkResponse({ type: RemovalResponse })
  async remove(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<RemovalResponse> {
    const plan = await this.commands.execute(new RemovePerson(actor, { role: 'student', profileId: id }));
    return { success: true, mode: plan.mode, message: "L'étudiant a été supprimé avec succès." };
  }

  @Get('users/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le compte (id, username, email) d’un étudiant ou d’un formateur' })
  @ApiOkResponse({ type: UserView })
  user(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<UserView> {
    return this.queries.execute(new GetUser(actor, id));
  }

  @Patch('users/:id')
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Change l’e-mail de connexion du compte (c’est aussi l’e-mail du dossier)' })
  @ApiOkResponse({ type: UserView })
  async updateUser(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: UpdateUserRequest): Promise<UserView> {
    await this.commands.execute(new UpdateAccountEmail(actor, id, body.email));
    return this.queries.execute(new GetUser(actor, id));
  }

  @Put('users/:id/change_password')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Nouveau mot de passe (ferme toutes les sessions) ; send_email (par défaut vrai) l’envoie à son titulaire' })
  @ApiOkResponse({ type: PasswordChangeResponse })
  @ApiNotFoundResponse({ type: PasswordChangeResponse, description: 'user_not_found' })
  async changePassword(
    @CurrentActor() actor: Actor,
    @Param('id', IdPipe) id: number,
    @Body() body: AdminPasswordRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PasswordChangeResponse> {
    const sendEmail = body.send_email ?? true;
    try {
      const result = await this.commands.execute(new SetAccountPassword(actor, id, body.password, sendEmail));
      if (result.emailError) return { success: 'Mot de passe mis à jour.', email_error: result.emailError, user_not_found: false, message: result.emailError };
      const success = result.emailSent ? 'Mot de passe mis à jour et email envoyé.' : 'Mot de passe mis à jour.';
      return { success, email_error: null, user_not_found: false, message: success };
    } catch (error) {
      if (!(error instanceof UserNotFoundError)) throw error;
      void reply.status(404);
      return { success: null, email_error: null, user_not_found: true, message: error.message };
    }
  }
}
