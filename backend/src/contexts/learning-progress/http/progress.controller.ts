import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { BoolResponse } from '../../../platform/http/responses.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { CompleteCourse } from '../application/commands/complete-course.command.js';
import { RecordProgress } from '../application/commands/record-progress.command.js';
import { ListProgress, ProgressRecord } from '../application/queries/list-progress.query.js';
import { ListStudentCourses, StudentCourseView } from '../application/queries/list-student-courses.query.js';
import { GetStudentDashboard, StudentDashboardView } from '../application/queries/get-student-dashboard.query.js';
import { GetScormProgress, ScormProgressView } from '../application/queries/get-scorm-progress.query.js';
import { GetScormTrace, ScormTraceView } from '../application/queries/get-scorm-trace.query.js';
import { RecordScormCommit } from '../application/commands/record-scorm-commit.command.js';
import { CompleteCourseForm, parseBeats, parsePlayed, ProgressForm, ProgressQuery, ScormCommitForm, ScormProgressQuery, ScormTraceQuery } from './progress.requests.js';

export class ProgressAnswerView {
  @ApiProperty({ description: 'La vérité du serveur, décidée sur les preuves' }) validated!: boolean;
  @ApiProperty({ type: Number, nullable: true }) chapter!: number | null;
  @ApiProperty({ type: Number, nullable: true }) subchapter!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'La règle qui a validé l’étape' }) rule!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Ce qui manque encore, quand elle ne l’est pas' }) reason!: string | null;
  @ApiProperty({ description: 'Temps actif sur l’étape, en secondes' }) time_spent!: number;
  @ApiProperty({ description: 'Temps connecté sur l’étape, en secondes' }) connected_time!: number;
}

export class ScormCommitAnswer {
  @ApiProperty({ enum: [true] }) bool!: true;
  @ApiProperty({ enum: ['applied', 'duplicate', 'stale'], description: 'appliqué ; déjà reçu (rien d’écrit) ; plus ancien que le dernier (gardé dans la trace, non appliqué)' })
  outcome!: string;
  @ApiProperty({ description: 'Le chapitre est-il validé (chaque SCO terminé ou réussi) ?' }) validated!: boolean;
  @ApiPropertyOptional({
    description: 'Les champs refusés pour une raison propre (suspend_data trop long), avec la raison : le reste de l’envoi est gardé',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  refused?: Record<string, string>;
}

/** Progress in the course player (issue 11): the server decides validation from evidence and counts time from beats. */
@ApiTags('Progression')
@Controller()
export class ProgressController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('progress')
  @Authenticated()
  @ApiOperation({ summary: 'Les étapes d’un cours ouvertes par l’étudiant, leur temps et leur validation (l’étudiant, le formateur du cours, les administrateurs)' })
  @ApiOkResponse({ type: [ProgressRecord] })
  list(@CurrentActor() actor: Actor, @Query() query: ProgressQuery): Promise<ProgressRecord[]> {
    return this.queries.execute(new ListProgress(actor, query.student, query.course));
  }

  @Post('progress')
  @HttpCode(201)
  @Authenticated('student')
  @ApiOperation({ summary: 'Le lecteur rend compte d’une étape (ouverture, battements de temps, intervalles vus, bouton « Terminer ») ; le serveur décide de la validation' })
  @ApiCreatedResponse({ type: ProgressAnswerView })
  async record(@CurrentActor() actor: Actor, @Body() body: ProgressForm): Promise<ProgressAnswerView> {
    // The form's rule: a chapter when no sub-chapter is named.
    const step = body.subchapter !== undefined ? { kind: 'subchapter' as const, id: body.subchapter } : { kind: 'chapter' as const, id: body.chapter! };
    const beats = parseBeats(body.beats);
    const answer = await this.commands.execute(
      new RecordProgress(actor, body.student, body.course, {
        step,
        chapterId: body.chapter,
        contentType: body.content_type,
        finish: body.validated === true,
        played: parsePlayed(body.played),
        session: body.session_id ? { id: body.session_id, beats } : null,
      }),
    );
    return {
      validated: answer.validated,
      chapter: step.kind === 'chapter' ? step.id : (body.chapter ?? null),
      subchapter: step.kind === 'subchapter' ? step.id : null,
      rule: answer.rule,
      reason: answer.reason,
      time_spent: answer.activeSeconds,
      connected_time: answer.connectedSeconds,
    };
  }

  @Post('complete-course')
  @HttpCode(201)
  @Authenticated('student')
  @ApiOperation({ summary: '« Terminer le cours » : accepté seulement quand chaque étape est validée' })
  @ApiCreatedResponse({ type: BoolResponse })
  async complete(@CurrentActor() actor: Actor, @Body() body: CompleteCourseForm): Promise<BoolResponse> {
    await this.commands.execute(new CompleteCourse(actor, body.student, body.course));
    return { bool: true };
  }

  @Get('scorm-progress')
  @Authenticated()
  @ApiOperation({ summary: 'Où reprend un module SCORM : l’état de chaque SCO (l’étudiant, le formateur du cours, les administrateurs)' })
  @ApiOkResponse({ type: ScormProgressView })
  scormProgress(@CurrentActor() actor: Actor, @Query() query: ScormProgressQuery): Promise<ScormProgressView> {
    return this.queries.execute(new GetScormProgress(actor, query.student, query.chapter));
  }

  @Get('scorm-trace')
  @Authenticated('teacher', 'admin')
  @ApiOperation({
    summary: 'La trace CMI d’un apprenant sur un chapitre SCORM, par SCO et par tentative : statuts, score, temps, position, interactions et objectifs (le formateur du cours, les administrateurs)',
  })
  @ApiOkResponse({ type: ScormTraceView })
  scormTrace(@CurrentActor() actor: Actor, @Query() query: ScormTraceQuery): Promise<ScormTraceView> {
    return this.queries.execute(new GetScormTrace(actor, query.student, query.course, query.chapter));
  }

  @Post('scorm-progress')
  @HttpCode(201)
  @Authenticated('student')
  @ApiOperation({ summary: 'Un envoi (commit) du module SCORM, acquitté une fois enregistré ; rejoué : sans effet ; périmé : gardé sans être appliqué' })
  @ApiCreatedResponse({ type: ScormCommitAnswer })
  async scormCommit(@CurrentActor() actor: Actor, @Body() body: ScormCommitForm): Promise<ScormCommitAnswer> {
    const { outcome, validated, refused } = await this.commands.execute(
      new RecordScormCommit(actor, body.student, body.course, { chapterId: body.chapter, sco: body.sco, sessionId: body.session_id, seq: body.seq, cmi: body.cmi_data, final: body.final }),
    );
    return Object.keys(refused).length > 0 ? { bool: true, outcome, validated, refused } : { bool: true, outcome, validated };
  }

  @Get('student-courses/:studentId')
  @Authenticated('student', 'admin')
  @ApiOperation({ summary: 'Les cours de l’étudiant avec sa progression (%), son temps et ses formateurs' })
  @ApiOkResponse({ type: [StudentCourseView] })
  studentCourses(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number): Promise<StudentCourseView[]> {
    return this.queries.execute(new ListStudentCourses(actor, studentId));
  }

  @Get('student/dashboard/:studentId')
  @Authenticated('student', 'admin')
  @ApiOperation({ summary: 'Les compteurs du tableau de bord de l’étudiant (cours suivis et terminés, devoirs faits et en attente)' })
  @ApiOkResponse({ type: StudentDashboardView })
  dashboard(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number): Promise<StudentDashboardView> {
    return this.queries.execute(new GetStudentDashboard(actor, studentId));
  }
}
