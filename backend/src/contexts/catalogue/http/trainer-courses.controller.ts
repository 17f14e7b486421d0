import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { RequiredId } from '../../../platform/http/fields.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { SuccessResponse } from '../../../platform/http/responses.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { GetTeacherProfile } from '../../identity/contracts/identity.queries.js';
import { AssignCourseToTrainer } from '../application/commands/assign-course-to-trainer.command.js';
import { ListUnassignedCourses, UnassignedCourses } from '../application/queries/list-unassigned-courses.query.js';

export class AssignCourseRequest {
  @RequiredId('Le cours à confier au formateur', 'Veuillez sélectionner un cours (course_id).')
  course_id!: number;
}

/** The back office gives trainers the courses no one teaches (spec 03, issue 13). */
@ApiTags('Administration — formateurs')
@Controller()
export class TrainerCoursesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('formateur/:id/courses/unassigned')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les cours sans formateur (id, title) que l’on peut confier au formateur {id}' })
  @ApiOkResponse({ type: UnassignedCourses })
  async unassigned(@CurrentActor() actor: Actor, @Param('id', IdPipe) teacherId: number): Promise<UnassignedCourses> {
    await this.queries.execute(new GetTeacherProfile(actor, teacherId));
    return this.queries.execute(new ListUnassignedCourses(actor));
  }

  @Post('formateur/:id/assign-course')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({ summary: 'Confie un cours sans formateur au formateur {id} ; un cours qui a déjà un formateur est refusé (409)' })
  @ApiCreatedResponse({ type: SuccessResponse })
  async assign(@CurrentActor() actor: Actor, @Param('id', IdPipe) teacherId: number, @Body() body: AssignCourseRequest): Promise<SuccessResponse> {
    await this.commands.execute(new AssignCourseToTrainer(actor, teacherId, body.course_id));
    return { success: true };
  }
}
