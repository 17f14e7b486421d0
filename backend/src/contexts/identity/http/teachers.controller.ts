import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { BoolResponse } from '../../../platform/http/responses.js';
import type { FastifyRequest } from 'fastify';
import { paged, PagedOf, type Paged } from '../../../platform/http/paging.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { ListTeachers, TeacherListItem } from '../application/queries/list-teachers.query.js';
import { ChangePassword } from '../application/commands/change-password.command.js';
import { RegisterTeacher } from '../application/commands/register-teacher.command.js';
import { ToggleAccountActive } from '../application/commands/toggle-account-active.command.js';
import { UpdateProfile } from '../application/commands/update-profile.command.js';
import { GetTeacherProfile, TeacherView } from '../contracts/identity.queries.js';
import type { TeacherDetails } from '../domain/profiles.js';
import { PasswordRequest, TeacherListQuery, TeacherProfileRequest, TeacherRegistrationRequest, uploadedFile } from './identity.requests.js';
import { ToggleActiveResponse } from './identity.responses.js';

function details(body: TeacherProfileRequest): TeacherDetails {
  return {
    fullName: body.full_name,
    qualification: body.qualification ?? '',
    mobileNo: body.mobile_no ?? '',
    skills: body.skills ?? '',
    detail: body.detail ?? '',
    faceUrl: body.face_url ?? '',
    instaUrl: body.insta_url ?? '',
    twitUrl: body.twit_url ?? '',
    webUrl: body.web_url ?? '',
    youUrl: body.you_url ?? '',
  };
}

export class TeacherListPage extends PagedOf(TeacherListItem) {}

/** The back office lists trainers 5 per page; without ?page= the trainer select gets them all. */
const TEACHER_PAGE_SIZE = 5;
const ALL_TEACHERS = 1000;

@ApiTags('Identité')
@Controller()
export class TeachersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('formateur')
  @Authenticated('admin')
  @ApiOperation({
    summary: 'Les formateurs (administration) : ?search=&page= pagine par 5 (tous, avec leur statut), ?approval=pending les demandes ; '
      + 'sans page, la liste de choix (les formateurs acceptés seulement)',
  })
  @ApiOkResponse({ type: TeacherListPage })
  async list(@CurrentActor() actor: Actor, @Query() query: TeacherListQuery, @Req() request: FastifyRequest): Promise<Paged<TeacherListItem>> {
    const page = query.page === undefined ? { page: 1, pageSize: ALL_TEACHERS } : query.toPageRequest(TEACHER_PAGE_SIZE);
    // The pickers (no page) offer only trainers the centre accepted: no student is given to a pending one (ADR 0030).
    const approval = query.approval ?? (query.page === undefined ? 'accepted' : undefined);
    const { results, count } = await this.queries.execute(new ListTeachers(actor, query.search, page, approval));
    return paged(results, count, page, request.url);
  }

  @Post('formateur-register')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Inscription d’un formateur' })
  @ApiCreatedResponse({ type: TeacherView })
  async register(@Body() body: TeacherRegistrationRequest): Promise<TeacherView> {
    const id = await this.commands.execute(new RegisterTeacher(body.email, body.username || null, body.password, details(body), uploadedFile(body.profile_img)));
    return this.queries.execute(new GetTeacherProfile('system', id));
  }

  @Put('teacher/:id')
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOkResponse({ type: TeacherView })
  async update(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: TeacherProfileRequest): Promise<TeacherView> {
    await this.commands.execute(new UpdateProfile(actor, id, { role: 'teacher', fields: { email: body.email, details: details(body) } }, uploadedFile(body.profile_img)));
    return this.queries.execute(new GetTeacherProfile(actor, id));
  }

  @Post('teacher/change-password/:id')
  @HttpCode(200)
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOkResponse({ type: BoolResponse })
  async changePassword(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: PasswordRequest): Promise<BoolResponse> {
    await this.commands.execute(new ChangePassword(actor, 'teacher', id, body.password));
    return { bool: true };
  }

  @Post('api/toggle-formateur-active/:id')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Suspend ou réactive un formateur (chemin préfixé /api/ comme dans la spec)' })
  @ApiOkResponse({ type: ToggleActiveResponse })
  async toggleActive(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<ToggleActiveResponse> {
    const isActive = await this.commands.execute(new ToggleAccountActive(actor, 'teacher', id));
    return { success: true, is_active: isActive };
  }
}
