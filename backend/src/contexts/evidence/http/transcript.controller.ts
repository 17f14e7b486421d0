import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { GetTranscript } from '../application/get-transcript.query.js';
import { TranscriptView } from '../application/transcript.views.js';

/** The learner's transcript (relevé de formation) per course: issue 26 item 5, ADR 0034. */
@ApiTags('Preuves')
@Controller('evidence')
export class TranscriptController {
  constructor(private readonly queries: QueryBus) {}

  @Get('me/courses/:courseId/transcript')
  @Authenticated('student')
  @ApiOperation({ summary: 'Mon relevé de formation pour ce cours (l’étudiant connecté)' })
  @ApiOkResponse({ type: TranscriptView })
  mine(@CurrentActor() actor: Actor, @Param('courseId', IdPipe) courseId: number): Promise<TranscriptView> {
    return this.queries.execute(new GetTranscript(actor, actor.profileId, courseId));
  }

  @Get('students/:studentId/courses/:courseId/transcript')
  @Authenticated('student', 'teacher', 'admin')
  @ApiOperation({
    summary: 'Le relevé de formation d’un étudiant pour un cours : l’étudiant lui-même, le formateur du cours, les administrateurs (comptes clôturés compris)',
  })
  @ApiOkResponse({ type: TranscriptView })
  transcript(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<TranscriptView> {
    return this.queries.execute(new GetTranscript(actor, studentId, courseId));
  }
}
