import { ImportStudentsButton } from '../../features/enrolment';
import { StudentsPage } from '../../features/administration';

/** /admin-users: the students' records (administration) with « Importer des étudiants » (enrolment, docs/adr/0052). */
export function AdminStudentsPage() {
  return <StudentsPage headerActions={<ImportStudentsButton />} />;
}
