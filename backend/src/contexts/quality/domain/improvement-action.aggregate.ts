import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, InvalidInputError, isCalendarDate, type StreamRef } from '../../../shared-kernel/index.js';
import {
  IMPROVEMENT_ACTION_STREAM, IMPROVEMENT_SOURCES, IMPROVEMENT_STATUSES,
  type ImprovementActionEvent, type ImprovementSource, type ImprovementStatus,
} from '../contracts/quality.events.js';
import { checkText, COMPLAINT_TEXT_MAX, sha256, TEXT_MAX_LABEL } from './complaint.aggregate.js';

export const OWNER_MAX = 200;

export const IMPROVEMENT_MESSAGES = {
  source: 'Veuillez choisir l’origine de l’action : réclamation, enquête, audit ou autre.',
  sourceComplaint: 'Une action d’amélioration ouverte depuis une réclamation a pour origine « réclamation ».',
  descriptionEmpty: 'Veuillez décrire l’action d’amélioration.',
  descriptionTooLong: `La description ne doit pas dépasser ${TEXT_MAX_LABEL} caractères.`,
  owner: 'Le responsable ne doit pas dépasser 200 caractères.',
  dueOn: 'L’échéance doit être une date valide (AAAA-MM-JJ).',
  status: 'Le statut doit être « a_faire », « en_cours », « terminee » ou « abandonnee ».',
  resultTooLong: `Le résultat ne doit pas dépasser ${TEXT_MAX_LABEL} caractères.`,
  resultNeeded: 'Indiquez le résultat obtenu avant de marquer l’action terminée.',
};

/** A calendar day YYYY-MM-DD that exists, or null for none. */
export function checkDay(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!isCalendarDate(value)) throw new InvalidInputError(IMPROVEMENT_MESSAGES.dueOn, 'due_on');
  return value;
}

function checkOwner(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || [...value.trim()].length > OWNER_MAX) throw new InvalidInputError(IMPROVEMENT_MESSAGES.owner, 'owner');
  return value.trim() || null;
}

function checkResult(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new InvalidInputError(IMPROVEMENT_MESSAGES.resultTooLong, 'result');
  if ([...value].length > COMPLAINT_TEXT_MAX) throw new InvalidInputError(IMPROVEMENT_MESSAGES.resultTooLong, 'result');
  return value.trim() === '' ? null : value;
}

export interface ImprovementDraft {
  source: unknown;
  description: unknown;
  owner: unknown;
  dueOn: unknown;
}

export interface ImprovementChange {
  description?: unknown;
  owner?: unknown;
  dueOn?: unknown;
  status?: unknown;
  result?: unknown;
}

/**
 * An entry of the improvement log (indicator 32, docs/adr/0048): where it comes from (a complaint,
 * a survey, an audit, other), what is to be done, by whom, by when, its status and its result.
 * Opened on its own or from a complaint (then its source is « réclamation » and it names it).
 */
@Entity({ tableName: 'improvement_action', schema: 'quality' })
export class ImprovementAction extends AggregateRoot<ImprovementActionEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  source: ImprovementSource = 'autre';

  @Property({ type: 'integer', fieldName: 'complaint_id', nullable: true })
  complaintId: number | null = null;

  @Property({ type: 'text' })
  description = '';

  @Property({ type: 'text', nullable: true })
  owner: string | null = null;

  @Property({ type: 'date', fieldName: 'due_on', nullable: true })
  dueOn: string | null = null;

  @Property({ type: 'text' })
  status: ImprovementStatus = 'a_faire';

  @Property({ type: 'text', nullable: true })
  result: string | null = null;

  @Property({ type: 'datetime', fieldName: 'opened_at' })
  openedAt!: Date;

  @Property({ type: 'datetime', fieldName: 'done_at', nullable: true })
  doneAt: Date | null = null;

  @Property({ type: 'integer', fieldName: 'opened_by_id' })
  openedById: number;

  /** The key the admin's page drew for this opening: sent again (a retry), it finds this action (ADR 0022). */
  @Property({ type: 'uuid', fieldName: 'request_key', nullable: true })
  requestKey: string | null;

  @Property({ type: 'integer' })
  version = 0;

  constructor(openedById: number, requestKey: string | null = null) {
    super();
    this.openedById = openedById;
    this.requestKey = requestKey;
  }

  stream(): StreamRef {
    return { type: IMPROVEMENT_ACTION_STREAM, id: this.id };
  }

  /** Opens it; `complaintId` (checked by the caller) forces the source « réclamation ». */
  open(draft: ImprovementDraft, complaintId: number | null, now: Date): void {
    if (typeof draft.source !== 'string' || !(IMPROVEMENT_SOURCES as readonly string[]).includes(draft.source)) {
      throw new InvalidInputError(IMPROVEMENT_MESSAGES.source, 'source');
    }
    if (complaintId !== null && draft.source !== 'reclamation') throw new InvalidInputError(IMPROVEMENT_MESSAGES.sourceComplaint, 'source');
    const description = checkText(draft.description, IMPROVEMENT_MESSAGES.descriptionEmpty, IMPROVEMENT_MESSAGES.descriptionTooLong, 'description');
    this.source = draft.source as ImprovementSource;
    this.complaintId = complaintId;
    this.description = description;
    this.owner = checkOwner(draft.owner);
    this.dueOn = checkDay(draft.dueOn);
    this.openedAt = now;
    this.record(() => ({
      type: 'ImprovementActionOpened',
      payload: {
        actionId: this.id, source: this.source, complaintId: this.complaintId, adminId: this.openedById, dueOn: this.dueOn,
        sha256: sha256(description), length: [...description].length,
      },
    }));
  }

  /** Changes what is given (the rest stays); nothing changed: nothing recorded (false). */
  update(adminId: number, change: ImprovementChange, now: Date): boolean {
    const description = change.description === undefined ? this.description
      : checkText(change.description, IMPROVEMENT_MESSAGES.descriptionEmpty, IMPROVEMENT_MESSAGES.descriptionTooLong, 'description');
    const owner = change.owner === undefined ? this.owner : checkOwner(change.owner);
    const dueOn = change.dueOn === undefined ? this.dueOn : checkDay(change.dueOn);
    let status = this.status;
    if (change.status !== undefined) {
      if (typeof change.status !== 'string' || !(IMPROVEMENT_STATUSES as readonly string[]).includes(change.status)) throw new InvalidInputError(IMPROVEMENT_MESSAGES.status, 'status');
      status = change.status as ImprovementStatus;
    }
    const result = change.result === undefined ? this.result : checkResult(change.result);
    if (status === 'terminee' && result === null) throw new InvalidInputError(IMPROVEMENT_MESSAGES.resultNeeded, 'result');
    if (description === this.description && owner === this.owner && dueOn === this.dueOn && status === this.status && result === this.result) return false;
    if (status !== this.status) this.doneAt = status === 'terminee' || status === 'abandonnee' ? now : null;
    Object.assign(this, { description, owner, dueOn, status, result });
    this.record({
      type: 'ImprovementActionUpdated',
      payload: {
        actionId: this.id, adminId, status, dueOn,
        descriptionSha256: sha256(description), ownerSha256: owner === null ? null : sha256(owner), resultSha256: result === null ? null : sha256(result),
      },
    });
    return true;
  }
}
