import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { StudentImport, type PendingLink } from '../../domain/student-import.aggregate.js';
import { IMPORT_NOT_FOUND } from './get-student-import.query.js';

/**
 * The activation links of the learners without e-mail, answered once to the admin (POST
 * /admin/student-imports/{id}/links): afterwards the platform no longer keeps them (docs/adr/0052).
 */
export class HandOverImportLinks extends Command<PendingLink[]> {
  constructor(
    readonly actor: Actor,
    readonly importId: string,
  ) {
    super();
  }
}

@CommandHandler(HandOverImportLinks)
export class HandOverImportLinksHandler implements ICommandHandler<HandOverImportLinks> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, importId }: HandOverImportLinks): Promise<PendingLink[]> {
    assertAdmin(actor);
    return this.store.transaction(async (uow) => {
      const entry = await uow.load(StudentImport, { id: importId }, () => new NotFoundError(IMPORT_NOT_FOUND));
      return entry.handOverLinks();
    }, { actor, serialize: [`student-import:${importId}`] });
  }
}
