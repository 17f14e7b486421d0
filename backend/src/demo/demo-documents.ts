import type { INestApplicationContext } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import { UpdateCentreIdentity } from '../contexts/centre/testing.js';
import { DocumentFactsAssembler, IssueDocument } from '../contexts/evidence/testing.js';
import type { Actor } from '../shared-kernel/index.js';

type Kind = 'certificat_realisation' | 'attestation_fin_formation';
type Reason = 'abandon' | 'absence' | 'interruption' | 'force_majeure';

/**
 * The documents the demo centre issued (issue 26 item 6, docs/adr/0035), through the same assembler
 * and command as « Émettre » on the admin's screen:
 * - the centre counts hours on the declared durations of validated steps (its FOAD practice);
 * - Léa finished « Gestion de projet agile » (OPCO, her employer): her certificat de réalisation
 *   and her attestation de fin de formation;
 * - Inès stopped the pivot tables course in its interactive module, after three chapters: a certificate of partial completion first
 *   issued for an absence, then corrected as an interruption (version 2; version 1 reads « remplacé »).
 */
export async function seedDemoDocuments(
  app: INestApplicationContext,
  commands: CommandBus,
  asAdmin: Actor,
  students: { lea: number; ines: number },
  courses: { agile: number; pivotTables: number },
): Promise<void> {
  const assembler = app.get(DocumentFactsAssembler, { strict: false });
  const issue = async (student: number, course: number, kind: Kind, reason: Reason | null = null) => {
    const { facts, images } = await assembler.assemble(asAdmin, student, course, reason);
    await commands.execute(new IssueDocument(asAdmin, kind, facts, images));
  };
  await commands.execute(new UpdateCentreIdentity(asAdmin, { base_heures: 'durees_declarees' }));

  await issue(students.lea, courses.agile, 'certificat_realisation');
  await issue(students.lea, courses.agile, 'attestation_fin_formation');

  await issue(students.ines, courses.pivotTables, 'certificat_realisation', 'absence');
  await issue(students.ines, courses.pivotTables, 'certificat_realisation', 'interruption');
}
