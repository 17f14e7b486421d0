import { Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { INestApplicationContext } from '@nestjs/common';
import { CreateAdmin, RegisterStudent, RegisterTeacher, ToggleAccountActive } from '../contexts/identity/index.js';
import { Database } from '../platform/database/database.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

/**
 * Seeds the demo centre through each context's own commands, so that the demo data obeys the
 * same rules (and emits the same events) as real use. Runs once: an existing admin means done.
 */
export async function seedDemoData(app: INestApplicationContext): Promise<boolean> {
  const db = app.get(Database);
  const existing = await db.one<{ n: number }>('select count(*)::int as n from identity.account');
  if (existing && existing.n > 0) return false;
  const logger = new Logger('Démo');
  const commands = app.get(CommandBus);
  const { admin, teachers, students } = DEMO_ACCOUNTS;
  await commands.execute(new CreateAdmin(admin.fullName, admin.email, admin.username, admin.password));
  for (const teacher of teachers) {
    await commands.execute(new RegisterTeacher(teacher.email, teacher.username, teacher.password, { ...teacher.details }));
  }
  for (const student of students) {
    const id = await commands.execute<RegisterStudent, number>(
      new RegisterStudent(student.fullname, student.email, student.username, student.password, student.interests),
    );
    if (student.suspended) await commands.execute(new ToggleAccountActive('student', id));
  }
  logger.log('Données de démonstration créées (voir README pour les comptes).');
  return true;
}
