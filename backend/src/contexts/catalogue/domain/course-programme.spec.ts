import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Actor } from '../../../shared-kernel/index.js';
import { Chapter, Course, Subchapter } from './course.aggregate.js';
import {
  applyProgrammeChanges, checkCertificationCode, durationText, EMPTY_PROGRAMME, missingProgrammeItems, priceText, type ProgrammeSheet,
} from './course-programme.js';
import { COMPLETE_PROGRAMME, COMPLETE_PROMISES } from './testing/programme.js';

let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [Course, Chapter, Subchapter], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(() => orm?.close());

const T0 = new Date('2026-11-20T09:00:00Z');
const T1 = new Date('2026-11-27T10:00:00Z');
const trainer: Actor = { accountId: 1, role: 'teacher', profileId: 7, username: 'claire', jti: 'j' };
const otherTrainer: Actor = { ...trainer, profileId: 8 };
const admin: Actor = { accountId: 2, role: 'admin', profileId: 1, username: 'admin', jti: 'k' };

function draft(): Course {
  const c = Course.create({ title: 'Excel', description: '', categoryId: 1, teacherId: 7, techs: '', featuredImg: null, now: T0 });
  c.id = 1;
  c.addChapter({ title: 'Introduction', contentType: 'text', duration: 60, textContent: 'Bonjour' }).id = 10;
  c.takeEvents();
  return c;
}
const complete = (): ProgrammeSheet => applyProgrammeChanges(EMPTY_PROGRAMME, COMPLETE_PROGRAMME);

describe('the programme sheet’s items', () => {
  it('accepts RNCP and RS codes, spaces and case forgiven, and refuses anything else', () => {
    expect(checkCertificationCode('RNCP12345')).toBe('RNCP12345');
    expect(checkCertificationCode(' rs 5252 ')).toBe('RS5252');
    for (const bad of ['RNCP', 'RS12345678', '12345', 'RNCP12A45', 'TOSA']) {
      expect(() => checkCertificationCode(bad)).toThrow('Le code de la certification doit être un code RNCP (exemple : RNCP12345) ou RS (exemple : RS1234).');
    }
  });

  it('checks the referent’s e-mail and phone, the modality and the price', () => {
    expect(() => applyProgrammeChanges(EMPTY_PROGRAMME, { referentEmail: 'pas-une-adresse' })).toThrow('L’e-mail du référent handicap n’est pas une adresse valide');
    expect(() => applyProgrammeChanges(EMPTY_PROGRAMME, { referentPhone: '12' })).toThrow('Le téléphone du référent handicap n’est pas un numéro valide');
    expect(() => applyProgrammeChanges(EMPTY_PROGRAMME, { modality: 'hybride' as never })).toThrow('Les modalités doivent être « à distance », « mixte » ou « présentiel ».');
    expect(() => applyProgrammeChanges(EMPTY_PROGRAMME, { priceCents: -1 })).toThrow('Le tarif ne peut pas être négatif.');
    expect(() => applyProgrammeChanges(EMPTY_PROGRAMME, { priceCents: 12.5 })).toThrow('Le tarif doit être un montant en euros');
    expect(() => applyProgrammeChanges(EMPTY_PROGRAMME, { targetPublic: 'x'.repeat(5001) })).toThrow('Le public visé ne doit pas dépasser 5 000 caractères.');
    expect(applyProgrammeChanges(EMPTY_PROGRAMME, { referentEmail: ' Referent@Centre.FR ' }).referentEmail).toBe('referent@centre.fr');
  });

  it('keeps a price or « sur devis », never both', () => {
    const priced = applyProgrammeChanges(EMPTY_PROGRAMME, { priceCents: 129000 });
    expect(applyProgrammeChanges(priced, { onQuote: true })).toMatchObject({ onQuote: true, priceCents: null });
    expect(applyProgrammeChanges(applyProgrammeChanges(EMPTY_PROGRAMME, { onQuote: true }), { priceCents: 5000 })).toMatchObject({ onQuote: false, priceCents: 5000 });
    expect(() => applyProgrammeChanges(EMPTY_PROGRAMME, { onQuote: true, priceCents: 5000 })).toThrow('Indiquez un tarif ou « sur devis », pas les deux.');
  });

  it('makes CPF eligibility a certifying training’s, and clears the certification when it is not certifying', () => {
    expect(() => applyProgrammeChanges(EMPTY_PROGRAMME, { cpfEligible: true })).toThrow('Seule une formation certifiante (inscrite au RNCP ou au RS) peut être éligible au CPF');
    const certifying = applyProgrammeChanges(EMPTY_PROGRAMME, { certifying: true, certificationCode: 'RS6289', certifier: 'Isograd', cpfEligible: true });
    expect(certifying).toMatchObject({ certificationCode: 'RS6289', cpfEligible: true });
    expect(applyProgrammeChanges(certifying, { certifying: false })).toMatchObject({ certificationCode: null, certifier: null, cpfEligible: false });
  });

  it('names the mandatory items missing, the certification ones only for a certifying training', () => {
    expect(missingProgrammeItems(EMPTY_PROGRAMME, { objectives: null, plannedMinutes: null })).toEqual([
      'objectives', 'targetPublic', 'prerequisites', 'plannedMinutes', 'accessDelays', 'modality', 'teachingMethods', 'evaluationMethods',
      'accessibility', 'referent', 'contacts', 'price',
    ]);
    const promises = { objectives: 'Savoir', plannedMinutes: 60 };
    expect(missingProgrammeItems(complete(), promises)).toEqual([]);
    expect(missingProgrammeItems({ ...complete(), referentEmail: null, referentPhone: null }, promises)).toEqual(['referent']);
    expect(missingProgrammeItems({ ...complete(), priceCents: null, onQuote: true }, promises)).toEqual([]);
    expect(missingProgrammeItems({ ...complete(), certifying: true }, promises)).toEqual(['certificationCode', 'certifier', 'equivalences', 'outcomes']);
  });

  it('writes prices and durations the French way', () => {
    expect(priceText(129000, false)).toBe('1 290,00 € TTC');
    expect(priceText(5, false)).toBe('0,05 € TTC');
    expect(priceText(null, true)).toBe('Sur devis');
    expect(priceText(null, false)).toBeNull();
    expect(durationText(35 * 60)).toBe('35 h');
    expect(durationText(210)).toBe('3 h 30');
    expect(durationText(45)).toBe('45 min');
  });
});

describe('Course programme sheet (docs/adr/0047)', () => {
  it('is edited by its trainer or an admin, logs values and hashes (no text), dated by the server', () => {
    const c = draft();
    expect(() => c.editProgramme(otherTrainer, COMPLETE_PROGRAMME, T1)).toThrow("Ce cours n'est pas le vôtre");
    c.editProgramme(trainer, { ...COMPLETE_PROGRAMME, certifying: true, certificationCode: 'RS6289', cpfEligible: true }, T1);
    expect(c.programmeUpdatedAt).toEqual(T1);
    const [event] = c.takeEvents();
    expect(event).toMatchObject({
      type: 'CourseProgrammeDeclared',
      payload: { courseId: 1, modality: 'distance', priceCents: 69000, onQuote: false, certifying: true, certificationCode: 'RS6289', cpfEligible: true },
    });
    const logged = JSON.stringify(event);
    expect(logged).not.toContain('Sophie');
    expect(logged).not.toContain('referent.handicap');
    expect(logged).not.toContain('Assistants');
    expect((event.payload as { textsSha256: Record<string, string> }).textsSha256.targetPublic).toMatch(/^[0-9a-f]{64}$/);
    // The same values again: nothing changed, nothing logged, the date stays.
    c.editProgramme(admin, { targetPublic: COMPLETE_PROGRAMME.targetPublic }, new Date('2026-12-01T00:00:00Z'));
    expect(c.takeEvents()).toEqual([]);
    expect(c.programmeUpdatedAt).toEqual(T1);
  });

  it('dates the sheet when the objectives or the planned duration change too', () => {
    const c = draft();
    expect(c.programmeUpdatedAt).toBeNull();
    c.declarePromises(trainer, COMPLETE_PROMISES, [], T1);
    expect(c.programmeUpdatedAt).toEqual(T1);
  });

  it('refuses publishing while a mandatory item is empty, naming every one', () => {
    const c = draft();
    expect(() => c.publish(trainer, true, T1)).toThrow(
      'Ce cours ne peut pas être publié : la fiche programme est incomplète. Renseignez : objectifs, public visé, prérequis, durée prévue, délais d’accès, '
      + 'modalités (à distance, mixte, présentiel), méthodes pédagogiques, modalités d’évaluation, accessibilité aux personnes en situation de handicap, '
      + 'contact du référent handicap, contacts, tarif (ou « sur devis »).',
    );
    c.declarePromises(trainer, COMPLETE_PROMISES, [], T1);
    c.editProgramme(trainer, { ...COMPLETE_PROGRAMME, certifying: true }, T1);
    expect(() => c.publish(trainer, true, T1)).toThrow('Renseignez : code RNCP ou RS, certificateur, équivalences et passerelles, débouchés.');
    expect(c.status).toBe('draft');
    c.editProgramme(trainer, { certificationCode: 'RNCP35000', certifier: 'Ministère du Travail', equivalences: 'Aucune', outcomes: 'Assistant de gestion' }, T1);
    c.publish(trainer, true, T1);
    expect(c.status).toBe('published');
  });

  it('keeps a published sheet complete: emptying a mandatory item is refused, other edits pass', () => {
    const c = draft();
    c.declarePromises(trainer, COMPLETE_PROMISES, [], T0);
    c.editProgramme(trainer, COMPLETE_PROGRAMME, T0);
    c.publish(trainer, true, T0);
    c.takeEvents();
    expect(() => c.editProgramme(trainer, { prerequisites: null }, T1)).toThrow(
      'Ce cours est publié : sa fiche programme doit rester complète. Renseignez : prérequis (ou repassez d’abord le cours en brouillon).',
    );
    expect(() => c.update({ title: 'Excel', description: '', categoryId: 1, teacherId: 7, techs: '' }, undefined, T1, true, { objectives: null })).toThrow('Renseignez : objectifs');
    expect(c.sheet().prerequisites).toBe(COMPLETE_PROGRAMME.prerequisites);
    expect(c.objectives).toBe(COMPLETE_PROMISES.objectives);
    c.editProgramme(trainer, { onQuote: true }, T1);
    expect(c.sheet()).toMatchObject({ onQuote: true, priceCents: null });
    c.unpublish(trainer, T1);
    c.editProgramme(trainer, { prerequisites: null }, T1);
    expect(c.sheet().prerequisites).toBeNull();
  });

  it('lets a course published before the sheet existed stay published and be edited', () => {
    const c = Course.createPublished({ title: 'Ancien', description: '', categoryId: 1, teacherId: 7, techs: '', featuredImg: null, now: T0 });
    c.editProgramme(trainer, { targetPublic: 'Tout public' }, T1);
    expect(c.isPublished).toBe(true);
    expect(c.sheet().targetPublic).toBe('Tout public');
  });
});
