import { Command, CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { eventIdFor } from '../../../../platform/event-log/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { ListMapping1ScormCommits, type RestatedScormCommit } from '../../../learning-progress/contracts/learning-progress.queries.js';
import { XapiHome } from '../../domain/principal.js';
import { VOIDED_VERB } from '../../domain/statement-validation.js';
import { PlayerStatementsPolicy } from '../policies/player-statements.policy.js';
import { StoreStatements } from './store-statements.command.js';

/** What a run did: the version-1 commits read, the mapping-1 statements voided, the mapping-2 statements issued. */
export interface RemapReport {
  commits: number;
  voided: number;
  issued: number;
}

const PAGE = 500;

/** The ids of a version-1 commit's statements: mapping 1's (the policy's id then), its voiding, and mapping 2's. */
export function remapIds(eventId: string): { v1: string; voiding: string; v2: string } {
  return { v1: eventIdFor(eventId, 'xapi-statement'), voiding: eventIdFor(eventId, 'xapi-statement-v1-voided'), v2: eventIdFor(eventId, 'xapi-statement-v2') };
}

/**
 * ADR 0027: the statements mapping 1 stored for SCORM commits are voided and the commits said
 * again by mapping 2, from the commits as learning progress restates them (its own trace: the
 * score's four figures, 1.2's status on both axes, the SCO's standing before). Each voiding
 * statement names the one that replaces it (`context.statement`); the reissued statement keeps
 * the commit's time. Every id derives from the commit's event: a second run stores nothing.
 */
export class RemapScormStatements extends Command<RemapReport> {}

@CommandHandler(RemapScormStatements)
export class RemapScormStatementsHandler implements ICommandHandler<RemapScormStatements> {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly policy: PlayerStatementsPolicy,
    private readonly home: XapiHome,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<RemapReport> {
    const report: RemapReport = { commits: 0, voided: 0, issued: 0 };
    for (let after = 0; ; ) {
      const page = await this.queries.execute(new ListMapping1ScormCommits(after, PAGE));
      for (const commit of page) await this.remap(commit, report);
      if (page.length < PAGE) return report;
      after = page[page.length - 1]!.position;
    }
  }

  private async remap(commit: RestatedScormCommit, report: RemapReport): Promise<void> {
    report.commits++;
    const ids = remapIds(commit.eventId);
    const stored = await this.db.query<{ id: string; voided: boolean }>('select id, voided from xapi.statement where id = any($1::uuid[])', [[ids.v1, ids.v2]]);
    const v1 = stored.find((s) => s.id === ids.v1);
    const batch: Record<string, unknown>[] = [];
    let reissued = stored.some((s) => s.id === ids.v2);
    if (!reissued) {
      const statement = await this.policy.scormStatement(commit.payload);
      if (statement) {
        batch.push({ ...statement, id: ids.v2, timestamp: commit.occurredAt });
        reissued = true;
        report.issued++;
      }
    }
    if (v1 && !v1.voided) {
      batch.unshift({
        id: ids.voiding,
        actor: this.home.authority({ kind: 'platform' }),
        verb: { id: VOIDED_VERB, display: { 'fr-FR': 'annulée', 'en-US': 'voided' } },
        object: { objectType: 'StatementRef', id: ids.v1 },
        ...(reissued ? { context: { statement: { objectType: 'StatementRef', id: ids.v2 } } } : {}),
        timestamp: this.clock.now().toISOString(),
      });
      report.voided++;
    }
    if (batch.length > 0) await this.commands.execute(new StoreStatements({ kind: 'platform' }, batch));
  }
}
