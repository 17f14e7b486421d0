import { realisedHours } from '../../domain/issued-document.hours.js';
import type { DocumentFacts } from '../../domain/issued-document.facts.js';

/** Facts as the assembler will give them: a complete certificate of a real-looking centre. Test fixture. */
export function completeFacts(overrides: Partial<DocumentFacts> = {}): DocumentFacts {
  return {
    kind: 'certificat_realisation',
    centre: {
      nom: 'Institut Rhône Compétences',
      siret: '73282932000074',
      nda: '84691234569',
      adresse: { rue: '12 rue de la République', code_postal: '69002', ville: 'Lyon' },
      signataire: { nom: 'Marie-Josée Lefèvre', qualite: 'Représentant légal' },
      lieu: 'Montréal-lès-Lyon',
      logo: null,
      signature: null,
      missing: ['logo', 'signature'],
    },
    learner: { student_id: 7, nom: 'Œdipe-Ça', prenom: 'Hélène' },
    employer: { nom: 'Boulangerie Pâtissière Gérard', siret: '40483304800022' },
    course: { course_id: 3, title: 'Hygiène alimentaire en restauration commerciale (HACCP)', nature: 'action_formation', objectives: 'Identifier les dangers biologiques, appliquer le plan de maîtrise sanitaire.', distance: true },
    dates: { debut: '2026-09-07', fin: '2026-10-16' },
    hours: realisedHours('durees_declarees', [
      { kind: 'chapter', step_id: 1, declared_minutes: 420, active_seconds: 20000, validated: true },
      { kind: 'chapter', step_id: 2, declared_minutes: 420, active_seconds: 21000, validated: true },
    ], 840),
    partial_reason: null,
    funding: { financeur: 'OPCO EP', numero_dossier: 'EP-2026-004512' },
    evaluation: [{ intitule: 'Quiz « Les dangers microbiologiques »', resultat: '17/20 (réussi)' }],
    fait_le: '2026-10-19',
    verification: { code: 'AC4DEF7GH9JK', url: 'https://formation.example.fr/verification/AC4DEF7GH9JK' },
    version: 1,
    issued_at: '2026-10-19T08:30:00.000Z',
    ...overrides,
  };
}
