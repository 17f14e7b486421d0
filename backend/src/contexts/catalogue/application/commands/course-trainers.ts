import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ForbiddenError, InvalidInputError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { GetTeacherProfile } from '../../../identity/contracts/identity.queries.js';
import { CategoryNotFoundError } from '../../domain/catalogue.errors.js';
import { Category } from '../../domain/category.aggregate.js';
import type { PromiseChanges } from '../../domain/course-promises.js';

export interface CourseFormFields {
  formateur?: number;
  category?: number;
  title: string;
  description?: string;
  techs?: string;
  /** What the course promises (issue 26): absent, unchanged; null, cleared. */
  objectives?: string | null;
  planned_minutes?: number | null;
  nature?: string | null;
}

/** The promises a course form changes, for the aggregate to check. */
export const promiseChanges = (fields: Pick<CourseFormFields, 'objectives' | 'planned_minutes' | 'nature'>): PromiseChanges => ({
  ...(fields.objectives !== undefined ? { objectives: fields.objectives } : {}),
  ...(fields.planned_minutes !== undefined ? { plannedMinutes: fields.planned_minutes } : {}),
  ...(fields.nature !== undefined ? { nature: fields.nature as PromiseChanges['nature'] } : {}),
});

export const TRAINER_MISSING = 'Identifiant formateur manquant.';
export const TRAINER_INVALID = 'Identifiant formateur invalide.';

/** Who a course form may name as its trainer, and its category: the checks of the spec's client, on the server. */
@Injectable()
export class CourseTrainers {
  constructor(private readonly queries: QueryBus) {}

  /** A trainer names themself (required); an admin names an existing trainer, or nobody (unassigned). */
  async forNewCourse(actor: Actor, formateur: number | undefined): Promise<number | null> {
    if (actor.role === 'teacher') {
      if (formateur === undefined) throw new InvalidInputError(TRAINER_MISSING, 'formateur');
      if (formateur !== actor.profileId) throw new ForbiddenError('Vous ne pouvez créer un cours que pour vous-même.');
      return formateur;
    }
    if (actor.role !== 'admin') throw new ForbiddenError('Seuls les formateurs et les administrateurs créent des cours.');
    return formateur === undefined ? null : this.existing(formateur);
  }

  /** On an edit: a trainer keeps themself (or omits the field); an admin may assign another trainer. */
  async forUpdate(actor: Actor, formateur: number | undefined, current: number | null): Promise<number | null> {
    if (formateur === undefined || formateur === current) return current;
    if (actor.role !== 'admin') throw new ForbiddenError('Seul un administrateur peut confier ce cours à un autre formateur.');
    return this.existing(formateur);
  }

  /** The category, checked to exist: required at creation, kept when left out of an edit. */
  async category(em: EntityManager, categoryId: number | undefined, required: boolean): Promise<number | undefined> {
    if (categoryId === undefined) {
      if (required) throw new InvalidInputError('La catégorie est obligatoire.', 'category');
      return undefined;
    }
    if (!(await em.findOne(Category, { id: categoryId }))) throw new CategoryNotFoundError();
    return categoryId;
  }

  /** Whether identity says the centre accepted the trainer (docs/adr/0030); no trainer: nobody to wait for. */
  async isAccepted(teacherId: number | null): Promise<boolean> {
    if (teacherId === null) return true;
    return (await this.queries.execute(new GetTeacherProfile('system', teacherId))).approval === 'accepted';
  }

  private async existing(teacherId: number): Promise<number> {
    try {
      await this.queries.execute(new GetTeacherProfile('system', teacherId));
      return teacherId;
    } catch (error) {
      if (error instanceof NotFoundError) throw new InvalidInputError(TRAINER_INVALID, 'formateur');
      throw error;
    }
  }
}
