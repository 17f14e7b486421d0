import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { bankQuestionNotFound } from '../commands/bank-question.commands.js';
import { BankCategoryView, BankQuestionView } from './bank.views.js';

const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const BANK_SELECT = `
  select b.id, b.teacher_id as teacher, b.category, b.tags, b.kind, b.questions, b.ans1, b.ans2, b.ans3, b.ans4, b.right_answers, b.explanation,
         b.revision, ${ISO('b.created_at')} as created_at, ${ISO('b.updated_at')} as updated_at, ${ISO('b.archived_at')} as archived_at,
         (select count(*) from assessment.attempt_question aq where aq.source = 'bank' and aq.question_id = b.id)::int as times_asked
    from assessment.bank_question b`;

/** Whose bank the actor reads: a trainer their own only; an admin a trainer's (or all). */
function bankOwner(actor: Actor, teacher: number | undefined): number | null {
  if (actor.role === 'teacher') {
    if (teacher !== undefined && teacher !== actor.profileId) throw new ForbiddenError('Vous ne consultez que votre propre banque de questions.');
    return actor.profileId;
  }
  if (actor.role === 'admin') return teacher ?? null;
  throw new ForbiddenError('La banque de questions est réservée aux formateurs.');
}

export interface BankFilters {
  teacher?: number;
  category?: string;
  tag?: string;
  kind?: string;
  search?: string;
  archived?: boolean;
}

/** A bank's questions, filtered (category, tag, kind, text), live or archived, newest first. */
export class ListBankQuestions extends Query<BankQuestionView[]> {
  constructor(
    readonly actor: Actor,
    readonly filters: BankFilters,
  ) {
    super();
  }
}

@QueryHandler(ListBankQuestions)
export class ListBankQuestionsHandler implements IQueryHandler<ListBankQuestions> {
  constructor(private readonly db: Database) {}

  execute({ actor, filters }: ListBankQuestions): Promise<BankQuestionView[]> {
    const owner = bankOwner(actor, filters.teacher);
    const search = filters.search ? `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    return this.db.query<BankQuestionView>(
      `${BANK_SELECT}
        where ($1::int is null or b.teacher_id = $1) and ($2::text is null or b.category = $2) and ($3::text is null or jsonb_exists(b.tags, $3))
          and ($4::text is null or b.kind = $4) and ($5::text is null or b.questions ilike $5)
          and (case when $6::boolean then b.archived_at is not null else b.archived_at is null end)
        order by b.category, b.id desc`,
      [owner, filters.category ?? null, filters.tag ?? null, filters.kind ?? null, search, filters.archived ?? false],
    );
  }
}

/** One bank question, for its trainer or an admin. */
export class GetBankQuestion extends Query<BankQuestionView> {
  constructor(
    readonly actor: Actor,
    readonly questionId: number,
  ) {
    super();
  }
}

@QueryHandler(GetBankQuestion)
export class GetBankQuestionHandler implements IQueryHandler<GetBankQuestion> {
  constructor(private readonly db: Database) {}

  async execute({ actor, questionId }: GetBankQuestion): Promise<BankQuestionView> {
    const question = await this.db.one<BankQuestionView>(`${BANK_SELECT} where b.id = $1`, [questionId]);
    if (!question) throw bankQuestionNotFound();
    if (actor.role !== 'admin' && !(actor.role === 'teacher' && actor.profileId === question.teacher)) {
      throw new ForbiddenError('Cette question n’est pas dans votre banque.');
    }
    return question;
  }
}

/** A bank's categories with their live questions (what a quiz can draw) and tags. */
export class ListBankCategories extends Query<BankCategoryView[]> {
  constructor(
    readonly actor: Actor,
    readonly teacher: number | undefined,
  ) {
    super();
  }
}

@QueryHandler(ListBankCategories)
export class ListBankCategoriesHandler implements IQueryHandler<ListBankCategories> {
  constructor(private readonly db: Database) {}

  execute({ actor, teacher }: ListBankCategories): Promise<BankCategoryView[]> {
    return this.db.query<BankCategoryView>(
      `select b.category, count(*)::int as questions,
              coalesce((select jsonb_agg(distinct t order by t) from assessment.bank_question c, jsonb_array_elements_text(c.tags) t
                         where c.category = b.category and c.teacher_id = b.teacher_id and c.archived_at is null), '[]') as tags
         from assessment.bank_question b
        where ($1::int is null or b.teacher_id = $1) and b.archived_at is null
        group by b.teacher_id, b.category
        order by b.category`,
      [bankOwner(actor, teacher)],
    );
  }
}
