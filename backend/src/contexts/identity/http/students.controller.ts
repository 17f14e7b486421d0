import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { assertSelfOrAdmin } from '../../../platform/auth/ownership.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { ChangePassword } from '../application/commands/change-password.command.js';
import { RegisterStudent } from '../application/commands/register-student.command.js';
import { RevokeStudentSessions, ToggleAccountActive } from '../application/commands/toggle-account-active.command.js';
import { UpdateStudentProfile } from '../application/commands/update-student-profile.command.js';
import { GetStudentProfile, StudentView } from '../application/queries/profile.queries.js';
import { PasswordRequest, StudentProfileRequest, StudentRegistrationRequest, uploadedFile } from './identity.requests.js';

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
  async register(@Body() body: StudentRegistrationRequest): Promise<StudentView> {
    const id = await this.commands.execute<RegisterStudent, number>(
      new RegisterStudent(body.fullname, body.email, body.username, body.password, body.interseted_categories ?? ''),
    );
    return this.queries.execute(new GetStudentProfile(id));
  }

  @Get('student/:id')
  @Authenticated('student', 'admin')
  @ApiOperation({ summary: 'Profil d’un étudiant (lui-même ou un administrateur)' })
  async get(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<StudentView> {
    assertSelfOrAdmin(actor, 'student', id);
    return this.queries.execute(new GetStudentProfile(id));
  }

  @Put('student/:id')
  @Authenticated('student', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Mise à jour du profil (photo facultative : JPG, PNG, GIF, WEBP, 5 Mo)' })
  async update(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: StudentProfileRequest): Promise<StudentView> {
    await this.commands.execute(
      new UpdateStudentProfile(actor, id, body.fullname, body.email, body.username, body.interseted_categories ?? '', uploadedFile(body.profile_img)),
    );
    return this.queries.execute(new GetStudentProfile(id));
  }

  @Post('student/change-password/:id')
  @HttpCode(200)
  @Authenticated('student', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Nouveau mot de passe : ferme toutes les sessions de l’étudiant' })
  async changePassword(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: PasswordRequest) {
    await this.commands.execute(new ChangePassword(actor, 'student', id, body.password));
    return { bool: true };
  }

  @Post('student/:id/toggle-active')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Suspend ou réactive un étudiant (la suspension ferme ses sessions aussitôt)' })
  async toggleActive(@Param('id', IdPipe) id: number) {
    const isActive = await this.commands.execute<ToggleAccountActive, boolean>(new ToggleAccountActive('student', id));
    return { success: true, is_active: isActive };
  }

  @Post('blacklist-user-tokens/:id')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Ferme toutes les sessions de l’étudiant {id}' })
  async revokeSessions(@Param('id', IdPipe) id: number) {
    await this.commands.execute(new RevokeStudentSessions(id));
    return { success: true };
  }
}
