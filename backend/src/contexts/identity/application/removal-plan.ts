import { ApiProperty } from '@nestjs/swagger';
import type { QueryBus } from '@nestjs/cqrs';
import { HISTORY_QUESTIONS, type PersonRef } from '../contracts/identity.queries.js';

/** A student or trainer, by their profile id. */
export type PersonToRemove = { role: 'student' | 'teacher'; profileId: number };

export class RemovalReason {
  @ApiProperty({ enum: HISTORY_QUESTIONS.map((q) => q.reason) }) code!: string;
  @ApiProperty({ example: 'inscriptions à des cours ou sessions de formation' }) label!: string;
  @ApiProperty({ description: 'Nombre d’enregistrements' }) count!: number;
}

/** What removing a person does (docs/adr/0015): `close` keeps the history and closes the account, `delete` removes a person without any. */
export class RemovalPlan {
  @ApiProperty({ enum: ['close', 'delete'] }) mode!: 'close' | 'delete';
  @ApiProperty({ type: [RemovalReason], description: 'Les historiques conservés (vide pour `delete`)' }) reasons!: RemovalReason[];
  @ApiProperty({ description: 'La phrase que la confirmation peut afficher' }) message!: string;
}

/** Asks every context downstream how many records it holds about the person. */
export async function removalPlan(queries: QueryBus, person: PersonRef): Promise<RemovalPlan> {
  const counts = await Promise.all(HISTORY_QUESTIONS.map((question) => queries.execute(question.ask(person))));
  const reasons = HISTORY_QUESTIONS.map((q, i) => ({ code: q.reason, label: q.label, count: counts[i] })).filter((r) => r.count > 0);
  if (reasons.length === 0) {
    return { mode: 'delete', reasons, message: 'Cette personne n’a aucun historique : son compte et ses données seront supprimés définitivement.' };
  }
  return {
    mode: 'close',
    reasons,
    message:
      `Cette personne a un historique (${reasons.map((r) => r.label).join(', ')}) : son compte sera fermé (plus de connexion, retiré des listes), ` +
      'son historique conservé pour les contrôles, et ses données personnelles effacées à la fin de la durée de conservation.',
  };
}
