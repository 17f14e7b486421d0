import type { CommandBus } from '@nestjs/cqrs';
import { EnrolStudent } from '../contexts/enrolment/testing.js';
import { CreateStudent, RemovePerson, UpdateStudentRecord, UpdateTrainerRecord, type StudentRecord } from '../contexts/identity/testing.js';
import type { Actor } from '../shared-kernel/index.js';

/** Administrative records of the demo students, as the centre's staff keep them (issue 13). */
const RECORDS: Record<string, Partial<StudentRecord>> = {
  'lea.dubois': {
    telephone: '06 11 22 33 44', numeroDossier: 'CPF-2026-0142', typeDossier: 'CPF', typeFormation: 'Formation continue',
    formations: ['Bureautique', 'Gestion de projet agile'], dateEntree: '2026-09-07', dateSortie: '2027-03-26',
  },
  'hugo.lefevre': {
    telephone: '07 55 44 33 22', numeroDossier: 'OPCO-2026-0087', typeDossier: 'OPCO (plan de développement)', typeFormation: 'Alternance',
    formations: ['Développement web'], dateEntree: '2026-10-05', dateSortie: '2027-09-30',
  },
  'ines.moreau': {
    telephone: '06 98 12 34 56', numeroDossier: 'FT-2026-0311', typeDossier: 'France Travail (AIF)', typeFormation: 'Reconversion',
    formations: ['Comptabilité', 'Excel avancé', 'Bureautique'], dateEntree: '2026-09-14', dateSortie: null,
  },
  'thomas.petit': {
    telephone: '', numeroDossier: 'REG-2026-0023', typeDossier: 'Région (PRF)', typeFormation: 'Formation continue',
    formations: ['Sécurité informatique'], dateEntree: '2026-06-01', dateSortie: '2026-12-18',
  },
};

/**
 * The back office's demo: the students' records, two students the staff created (one followed by
 * Claire), Claire's booking link, and a closed account (Marc Rousseau, removed after enrolling:
 * his history kept, out of every list, readable at /admin-student-detail/{id}).
 */
export async function seedDemoAdministration(
  commands: CommandBus,
  asAdmin: Actor,
  studentIds: Map<string, number>,
  teachers: { claire: number },
  courses: { pivotTables: number },
): Promise<void> {
  for (const [username, record] of Object.entries(RECORDS)) {
    await commands.execute(new UpdateStudentRecord(asAdmin, studentIds.get(username)!, record));
  }
  await commands.execute(new UpdateTrainerRecord(asAdmin, teachers.claire, { calendly: 'https://calendly.com/claire-martin-formation' }));
  const created: [StudentRecord, number | null][] = [
    [
      {
        prenom: 'Nadia', nom: 'Benali', email: 'nadia.benali@demo.lms-formation.fr', username: 'nadia.benali', telephone: '06 45 67 89 01',
        numeroDossier: 'CPF-2026-0198', typeDossier: 'CPF', typeFormation: 'Formation continue', formations: ['Bureautique', 'Excel avancé'],
        dateEntree: '2026-11-02', dateSortie: '2027-02-26',
      },
      teachers.claire,
    ],
    [
      {
        prenom: 'Karim', nom: 'Haddad', email: 'karim.haddad@demo.lms-formation.fr', username: 'karim.haddad', telephone: '',
        numeroDossier: null, typeDossier: 'Financement personnel', typeFormation: 'Formation continue', formations: [],
        dateEntree: '2026-11-16', dateSortie: null,
      },
      null,
    ],
  ];
  for (const [record, trainer] of created) await commands.execute(new CreateStudent(asAdmin, record, 'Etudiante2026!', trainer, false));
  const marc = await commands.execute(
    new CreateStudent(
      asAdmin,
      {
        prenom: 'Marc', nom: 'Rousseau', email: 'marc.rousseau@demo.lms-formation.fr', username: 'marc.rousseau', telephone: '06 00 11 22 33',
        numeroDossier: 'CPF-2026-0057', typeDossier: 'CPF', typeFormation: 'Formation continue', formations: ['Excel avancé'],
        dateEntree: '2026-06-15', dateSortie: '2026-10-30',
      },
      'Etudiant2026!!',
      null,
      false,
    ),
  );
  await commands.execute(new EnrolStudent(asAdmin, marc.studentId, courses.pivotTables));
  await commands.execute(new RemovePerson(asAdmin, { role: 'student', profileId: marc.studentId }));
}
