import { Logger } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { INestApplicationContext } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AddChapter, CreateCategory, CreateCourse, PublishCourse, PublishPage } from '../contexts/catalogue/testing.js';
import { EnrolStudent, RateCourse, SetFavourite } from '../contexts/enrolment/testing.js';
import { AcceptTrainer, actorOf, CreateAdmin, RegisterStudent, RegisterTeacher, ToggleAccountActive } from '../contexts/identity/testing.js';
import { AggregateStore } from '../platform/aggregate-store/index.js';
import { APP_CONFIG, projectRoot, type AppConfig } from '../platform/config/config.js';
import { Database } from '../platform/database/database.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { DEMO_CATEGORIES, DEMO_COURSES, DEMO_DRAFT_COURSES, DEMO_PAGES } from './demo-catalogue.js';
import { addDemoChapters, seedDemoMedia, splitAtFirstUpload } from './demo-media.js';
import { seedDemoQuizzes } from './demo-quizzes.js';
import { seedDemoTutoring } from './demo-tutoring.js';
import { seedDemoGridStages, seedDemoProgress } from './demo-progress.js';
import { seedDemoAdministration } from './demo-administration.js';
import { seedDemoFunding } from './demo-funding.js';
import { seedDemoSessions } from './demo-sessions.js';
import { seedDemoPromises } from './demo-promises.js';
import { seedDemoAccessibility, seedDemoCentre } from './demo-centre.js';
import { seedDemoDocuments } from './demo-documents.js';
import { seedDemoSupport } from './demo-support.js';
import { seedDemoHomework } from './demo-homework.js';
import { seedDemoAuditors } from './demo-auditors.js';
import { seedDemoQuality } from './demo-quality.js';
import { seedDemoSatisfaction } from './demo-satisfaction.js';
import { seedDemoEngagement } from './demo-engagement.js';
import { seedDemoDownloads } from './demo-downloads.js';

const ASSETS = join(projectRoot, 'backend/src/demo/assets');


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
  const { admin, teachers, pendingTeacher, students } = DEMO_ACCOUNTS;
  const adminId = await commands.execute(new CreateAdmin(admin.fullName, admin.email, admin.username, admin.password));
  // The seeder speaks for the admin, and for each student when they act (ratings, favourites).
  const asAdmin = await actorOf(db, 'admin', adminId);
  const teacherIds = new Map<string, number>();
  for (const teacher of teachers) {
    const id = await commands.execute(new RegisterTeacher(teacher.email, teacher.username, teacher.password, { ...teacher.details }));
    // The centre accepted its two trainers (docs/adr/0030); the third one still waits.
    await commands.execute(new AcceptTrainer(asAdmin, id, false));
    teacherIds.set(teacher.username, id);
  }
  teacherIds.set(pendingTeacher.username, await commands.execute(
    new RegisterTeacher(pendingTeacher.email, pendingTeacher.username, pendingTeacher.password, { ...pendingTeacher.details }),
  ));
  const studentIds = new Map<string, number>();
  for (const student of students) {
    const id = await commands.execute(new RegisterStudent(student.fullname, student.email, student.username, student.password, student.interests));
    studentIds.set(student.username, id);
    if (student.suspended) await commands.execute(new ToggleAccountActive(asAdmin, 'student', id));
  }

  const categoryIds = new Map<string, number>();
  for (const category of DEMO_CATEGORIES) categoryIds.set(category.title, await commands.execute(new CreateCategory(category.title, category.description)));
  const courseIds: number[] = [];
  for (const course of DEMO_COURSES) {
    const image = join(ASSETS, 'courses', course.image);
    const [withCourse, uploaded] = splitAtFirstUpload(course.chapters);
    courseIds.push(
      await commands.execute(
        new PublishCourse(
          {
            title: course.title,
            description: course.description,
            categoryId: categoryIds.get(course.category)!,
            teacherId: teacherIds.get(course.teacher)!,
            techs: course.techs,
            featuredImg: existsSync(image) ? readFileSync(image) : undefined,
          },
          withCourse,
        ),
      ),
    );
    // From its first video on, its chapters are added by its trainer as in the authoring screens: the videos are uploads.
    if (uploaded.length) await addDemoChapters(commands, await actorOf(db, 'teacher', teacherIds.get(course.teacher)!), courseIds.at(-1)!, uploaded);
  }
  for (const draft of DEMO_DRAFT_COURSES) {
    const author = await actorOf(db, 'teacher', teacherIds.get(draft.teacher)!);
    const id = await commands.execute(new CreateCourse(author, {
      formateur: author.profileId, category: categoryIds.get(draft.category)!, title: draft.title, description: draft.description, techs: draft.techs,
    }));
    for (const chapter of draft.chapters) await commands.execute(new AddChapter(author, id, chapter));
  }
  const byTitle = (title: string) => courseIds[DEMO_COURSES.findIndex((course) => course.title === title)]!;
  await seedDemoMedia(
    commands,
    { claire: await actorOf(db, 'teacher', teacherIds.get('claire.martin')!), julien: await actorOf(db, 'teacher', teacherIds.get('julien.bernard')!) },
    {
      templates: byTitle('Modèles de documents Word et Excel'),
      pivotTables: byTitle('Excel : tableaux croisés dynamiques'),
      security: byTitle('Sensibilisation à la cybersécurité'),
    },
  );
  for (const page of DEMO_PAGES) await commands.execute(new PublishPage(page.title, page.html, page.slug));

  // A lived-in centre: Léa and Inès follow courses and rated some; Hugo and Thomas start empty.
  const lea = studentIds.get('lea.dubois')!;
  const ines = studentIds.get('ines.moreau')!;
  for (const [student, course, rating, review] of [
    [lea, courseIds[0], 5, 'Des modèles que j’utilise tous les jours au bureau.'],
    [lea, courseIds[2], 4, 'Très concret, le cas pratique aide beaucoup.'],
    [ines, courseIds[0], 4, ''],
    [ines, courseIds[1], 5, 'Enfin compris les tableaux croisés !'],
    [ines, courseIds[7], null, ''],
    [lea, byTitle('Sensibilisation à la cybersécurité'), null, ''],
  ] as const) {
    await commands.execute(new EnrolStudent(asAdmin, student, course));
    if (rating) await commands.execute(new RateCourse(await actorOf(db, 'student', student), student, course, rating, review));
  }
  await seedDemoQuizzes(
    commands,
    { claire: await actorOf(db, 'teacher', teacherIds.get('claire.martin')!), julien: await actorOf(db, 'teacher', teacherIds.get('julien.bernard')!) },
    { lea: await actorOf(db, 'student', lea), ines: await actorOf(db, 'student', ines) },
    { templates: byTitle('Modèles de documents Word et Excel'), security: byTitle('Sensibilisation à la cybersécurité') },
  );
  await commands.execute(new SetFavourite(await actorOf(db, 'student', lea), lea, courseIds[1], true));
  await seedDemoTutoring(
    commands,
    asAdmin,
    { claire: await actorOf(db, 'teacher', teacherIds.get('claire.martin')!), julien: await actorOf(db, 'teacher', teacherIds.get('julien.bernard')!) },
    { lea: await actorOf(db, 'student', lea), ines: await actorOf(db, 'student', ines), hugo: await actorOf(db, 'student', studentIds.get('hugo.lefevre')!) },
  );
  await seedDemoProgress(
    commands,
    app.get(QueryBus),
    app.get(AggregateStore),
    { lea: await actorOf(db, 'student', lea), ines: await actorOf(db, 'student', ines) },
    { agile: courseIds[2]!, templates: byTitle('Modèles de documents Word et Excel'), pivotTables: courseIds[1]! },
  );
  await seedDemoAdministration(commands, asAdmin, studentIds, { claire: teacherIds.get('claire.martin')! }, { pivotTables: courseIds[1]! });
  await seedDemoGridStages(app, asAdmin, { pivotTables: courseIds[1]! });
  await seedDemoFunding(commands, asAdmin, { lea, ines }, { templates: courseIds[0]!, agile: courseIds[2]!, pivotTables: courseIds[1]! });
  await seedDemoSessions(commands, asAdmin, { lea, ines, nadia: (await db.one<{ id: number }>(`select id from identity.student_record where username = 'nadia.benali'`))!.id, claire: teacherIds.get('claire.martin')! }, { templates: courseIds[0]!, pivotTables: courseIds[1]! });
  await seedDemoPromises(commands, db, asAdmin);
  await seedDemoCentre(commands, asAdmin, ASSETS);
  // The centre's accessibility statement (docs/adr/0049): « partiellement conforme » from its audit.
  await seedDemoAccessibility(commands, asAdmin);
  await seedDemoDocuments(app, commands, asAdmin, { lea, ines }, { agile: courseIds[2]!, pivotTables: courseIds[1]! });
  await seedDemoSupport(
    app.get(AggregateStore), db, app.get(QueryBus),
    { admin: asAdmin, claire: await actorOf(db, 'teacher', teacherIds.get('claire.martin')!), lea: await actorOf(db, 'student', lea), ines: await actorOf(db, 'student', ines) },
    { templates: courseIds[0]!, pivotTables: courseIds[1]! },
  );
  await seedDemoHomework(app.get(AggregateStore), db, app.get(QueryBus), {
    claire: await actorOf(db, 'teacher', teacherIds.get('claire.martin')!), lea: await actorOf(db, 'student', lea), ines: await actorOf(db, 'student', ines),
  });
  await seedDemoAuditors(commands, db, asAdmin, { agile: courseIds[2]! });
  // Complaints and the improvement log (issue 29 item 6, docs/adr/0048).
  await seedDemoQuality(
    app.get(AggregateStore), db, app.get<AppConfig>(APP_CONFIG),
    { admin: asAdmin, lea: await actorOf(db, 'student', lea), ines: await actorOf(db, 'student', ines) },
    { templates: courseIds[0]!, pivotTables: courseIds[1]!, agile: courseIds[2]! },
  );
  // Satisfaction questionnaires, answered by the demo learners and an employer (issue 29 item 4, docs/adr/0054).
  await seedDemoSatisfaction(app, asAdmin, { lea: await actorOf(db, 'student', lea), ines: await actorOf(db, 'student', ines) }, { templates: courseIds[0]! });
  // Engagement alerts: the reminders the daily job sent three days ago (issue 29 item 5, docs/adr/0053).
  await seedDemoEngagement(app);
  // Its documents downloaded by its learners, as the content gate records it (indicator 19, docs/adr/0056).
  await seedDemoDownloads(commands, db, courseIds[0]!);
  logger.log('Données de démonstration créées (voir README pour les comptes).');
  return true;
}
