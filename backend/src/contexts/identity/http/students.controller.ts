import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { BoolResponse, SuccessResponse } from '../../../platform/http/responses.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { ChangePassword } from '../application/commands/change-password.command.js';
import { RegisterStudent } from '../application/commands/register-student.command.js';
import { RevokeStudentSessions } from '../application/commands/revoke-student-sessions.command.js';
import { ToggleAccountActive } from '../application/commands/toggle-account-active.command.js';
import { UpdateProfile } from '../application/commands/update-profile.command.js';
import { GetStudentProfile, StudentView } from '../contracts/identity.queries.js';
import { PasswordRequest, StudentProfileRequest, StudentRegistrationRequest, uploadedFile } from './identity.requests.js';
import { ToggleActiveResponse } from './identity.responses.js';

@ApiTags('Identité')
@Controller()
export class StudentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('student')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Inscription d’un étudiant (mot de passe de 12 caractères au moins)' })
  @ApiCreatedResponse({ type: StudentView })
  async register(@Body() body: StudentRegistrationRequest): Promise<StudentView> {
    const id = await this.commands.execute(new RegisterStudent(body.fullname, body.email, body.username, body.password, body.interseted_categories ?? ''));
    return this.queries.execute(new GetStudentProfile('system', id));
  }

  @Get('student/:id')
  @Authenticated('student', 'admin')
  @ApiOperation({ summary: 'Profil d’un étudiant (lui-même ou un administrateur)' })
  @ApiOkResponse({ type: StudentView })
  async get(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<StudentView> {
    return this.queries.execute(new GetStudentProfile(actor, id));
  }

  @Put('student/:id')
  @Authenticated('student', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Mise à jour du profil (photo facultative : JPG, PNG, GIF, WEBP, 5 Mo)' })
  @ApiOkResponse({ type: StudentView })
  async update(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: StudentProfileRequest): Promise<StudentView> {
    const fields = { fullname: body.fullname, email: body.email, username: body.username, interestedCategories: body.interseted_categories ?? '' };
    await this.commands.execute(new UpdateProfile(actor, id, { role: 'student', fields }, uploadedFile(body.profile_img)));
    return this.queries.execute(new GetStudentProfile(actor, id));
  }

  @Post('student/change-password/:id')
  @HttpCode(200)
  @Authenticated('student', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Nouveau mot de passe : ferme toutes les sessions de l’étudiant' })
  @ApiOkResponse({ type: BoolResponse })
  async changePassword(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: PasswordRequest): Promise<BoolResponse> {
    await this.commands.execute(new ChangePassword(actor, 'student', id, body.password));
    return { bool: true };
  }

  @Post('student/:id/toggle-active')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Suspend ou réactive un étudiant (la suspension ferme ses sessions aussitôt)' })
  @ApiOkResponse({ type: ToggleActiveResponse })
  async toggleActive(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<ToggleActiveResponse> {
    const isActive = await this.commands.execute(new ToggleAccountActive(actor, 'student', id));
    return { success: true, is_active: isActive };
  }

  @Post('blacklist-user-tokens/:id')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Ferme toutes les sessions de l’étudiant {id}' })
  @ApiOkResponse({ type: SuccessResponse })
  async revokeSessions(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<SuccessResponse> {
    await this.commands.execute(new RevokeStudentSessions(actor, id));
    return { success: true };
  }
}
