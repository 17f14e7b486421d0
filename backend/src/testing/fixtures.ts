// Fixtures: each API test arranges the world it needs, through the real commands and the real login
// endpoints, on the one database its file shares. Every call creates new, uniquely named accounts,
// categories and courses, so no test depends on another having run (or not run) first.
import { CommandBus } from '@nestjs/cqrs';
import { type ChapterDraft, COMPLETE_PROGRAMME_FORM, CreateCategory, PublishCourse } from '../contexts/catalogue/testing.js';
import { EnrolStudent, RateCourse, SetFavourite } from '../contexts/enrolment/testing.js';
import { AcceptTrainer, actorOf, CreateAdmin, RegisterStudent, RegisterTeacher, type TeacherDetails } from '../contexts/identity/testing.js';
import { AssignTrainer } from '../contexts/tutoring/testing.js';
import type { Actor } from '../shared-kernel/index.js';
import { Database } from '../platform/database/database.js';
import type { TestApp } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request through Fastify's inject; a bearer token when given; a FormData payload goes as multipart. */
export function call(t: TestApp, method: Method, url: string, token?: string, payload?: object | FormData) {
  return t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
}

const LOGIN_PATHS = { student: '/api/student-login-jwt/', teacher: '/api/formateur/token/', admin: '/api/admin/token/' } as const;
export type LoginRole = keyof typeof LOGIN_PATHS;

/** The role's real login endpoint, its answer as it is (students and trainers get 200 with `bool: false` on a refusal). */
export function login(t: TestApp, role: LoginRole, email: string, password: string) {
  return call(t, 'POST', LOGIN_PATHS[role], undefined, { email, password });
}

let counter = 0;
/** A number no other fixture of this test file has drawn, of fixed width: no unique name is a prefix of another. */
function nextNumber(): string {
  return String(++counter).padStart(4, '0');
}

/** `prefix 0007`: a title no other fixture of this test file uses (search and recommendations match on text). */
export function uniqueName(prefix: string): string {
  return `${prefix} ${nextNumber()}`;
}

/** `prefix-0007`: a username or e-mail local part no other fixture of this test file uses. */
export function uniqueKey(prefix: string): string {
  return `${prefix}-${nextNumber()}`;
}

/** What every fixture account carries: who it is for commands (`actor`), and a session for HTTP (`token`). */
export interface GivenAccount {
  accountId: number;
  email: string;
  username: string;
  password: string;
  /** A fresh access token from the real login endpoint, for `Authorization: Bearer`. */
  token: string;
  refresh: string;
  /** The account as a command run by a test speaks as it (no token). */
  actor: Actor;
}

interface Credentials {
  email?: string;
  username?: string;
  password?: string;
}

function credentials(kind: string, overrides: Credentials) {
  const key = uniqueKey(kind);
  return {
    n: key.slice(kind.length + 1),
    email: overrides.email ?? `${key}@test.fr`,
    username: overrides.username ?? key,
    password: overrides.password ?? `motdepasse-${key}`,
  };
}

const commands = (t: TestApp) => t.app.get(CommandBus);

async function loggedIn(t: TestApp, role: LoginRole, profileId: number, email: string, password: string): Promise<GivenAccount> {
  const response = await login(t, role, email, password);
  const body = response.json();
  if (response.statusCode !== 200 || typeof body.access !== 'string') {
    throw new Error(`La connexion ${role} de ${email} a échoué : ${response.statusCode} ${response.body}`);
  }
  const actor = await actorOf(t.app.get(Database), role, profileId);
  return { accountId: actor.accountId, email, username: actor.username, password, token: body.access, refresh: body.refresh, actor };
}

export interface GivenAdmin extends GivenAccount {
  adminId: number;
  fullName: string;
}

/** A new admin, logged in. */
export async function givenAdmin(t: TestApp, overrides: Credentials & { fullName?: string } = {}): Promise<GivenAdmin> {
  const { n, email, username, password } = credentials('admin', overrides);
  const fullName = overrides.fullName ?? `Admin ${n}`;
  const adminId = await commands(t).execute(new CreateAdmin(fullName, email, username, password));
  return { adminId, fullName, ...(await loggedIn(t, 'admin', adminId, email, password)) };
}

export interface StudentOverrides extends Credentials {
  fullname?: string;
  /** The profile's areas of interest (`interseted_categories`), comma-separated; none by default. */
  interests?: string;
  /** The spec's formation title: a student whose formation is a course's title counts as enrolled in it. */
  formationTitle?: string | null;
}

export interface GivenStudent extends GivenAccount {
  studentId: number;
  fullname: string;
  interests: string;
  formationTitle: string | null;
}

/** A new student, registered by the real command and logged in through the student login. */
export async function givenStudent(t: TestApp, overrides: StudentOverrides = {}): Promise<GivenStudent> {
  const { n, email, username, password } = credentials('eleve', overrides);
  const fullname = overrides.fullname ?? `Élève ${n}`;
  const interests = overrides.interests ?? '';
  const formationTitle = overrides.formationTitle ?? null;
  const studentId = await commands(t).execute(new RegisterStudent(fullname, email, username, password, interests, formationTitle));
  return { studentId, fullname, interests, formationTitle, ...(await loggedIn(t, 'student', studentId, email, password)) };
}

export type TeacherOverrides = Credentials & Partial<TeacherDetails> & {
  profileImg?: Buffer;
  /** Left waiting for the centre's decision, as the public registration leaves them (docs/adr/0030); accepted by default. */
  pending?: boolean;
};

export interface GivenTeacher extends GivenAccount {
  teacherId: number;
  details: TeacherDetails;
}

async function registerTeacher(t: TestApp, overrides: TeacherOverrides) {
  const { n, email, username, password } = credentials('formateur', overrides);
  const { email: _email, username: _username, password: _password, profileImg, pending, ...given } = overrides;
  const details: TeacherDetails = {
    fullName: `Formateur ${n}`, qualification: '', mobileNo: '', skills: '', detail: '', faceUrl: '', instaUrl: '', twitUrl: '', webUrl: '', youUrl: '',
    ...given,
  };
  const teacherId = await commands(t).execute(new RegisterTeacher(email, username, password, details, profileImg));
  if (!pending) await commands(t).execute(new AcceptTrainer('system', teacherId, false));
  return { teacherId, details, email, password };
}

/** A new trainer, registered by the real command, accepted by the centre (unless `pending`) and logged in through the trainer login. */
export async function givenTeacher(t: TestApp, overrides: TeacherOverrides = {}): Promise<GivenTeacher> {
  const { teacherId, details, email, password } = await registerTeacher(t, overrides);
  return { teacherId, details, ...(await loggedIn(t, 'teacher', teacherId, email, password)) };
}

export interface GivenCategory {
  categoryId: number;
  title: string;
}

/** A new category, `Catégorie 0007` unless titled. */
export async function givenCategory(t: TestApp, overrides: { title?: string; description?: string } = {}): Promise<GivenCategory> {
  const title = overrides.title ?? uniqueName('Catégorie');
  return { categoryId: await commands(t).execute(new CreateCategory(title, overrides.description ?? '')), title };
}

export interface CourseOptions {
  title?: string;
  description?: string;
  techs?: string;
  /** The trainer who gives it; a new one (not logged in) when not given. */
  teacherId?: number;
  /** Its category; a new one when not given. */
  categoryId?: number;
  chapters?: ChapterDraft[];
  featuredImg?: Buffer;
}

export interface GivenCourse {
  courseId: number;
  title: string;
  teacherId: number;
  categoryId: number;
}

/** A new published course, `Cours 0007` unless titled, with a new trainer and category unless given. */
export async function givenCourse(t: TestApp, options: CourseOptions = {}): Promise<GivenCourse> {
  const title = options.title ?? uniqueName('Cours');
  const teacherId = options.teacherId ?? (await registerTeacher(t, {})).teacherId;
  const categoryId = options.categoryId ?? (await givenCategory(t)).categoryId;
  const { description = '', techs = '', chapters = [], featuredImg } = options;
  const courseId = await commands(t).execute(new PublishCourse({ title, description, categoryId, teacherId, techs, featuredImg }, chapters));
  return { courseId, title, teacherId, categoryId };
}

/**
 * « Publier » a course made through the forms, a draft until then (docs/adr/0030): adds a text
 * chapter (the publish rule asks for one with content) and fills its programme sheet (docs/adr/0047:
 * publishing asks for it complete), then POST /course/{id}/publish/ as `token` (its trainer,
 * accepted, or an admin).
 */
export async function givenPublished(t: TestApp, token: string, courseId: number): Promise<void> {
  const chapter = await call(t, 'POST', `/api/course-chapters/${courseId}/`, token, { title: 'Introduction', content_type: 'text', text_content: 'Bienvenue dans ce cours.' });
  if (chapter.statusCode !== 201) throw new Error(`Chapitre refusé : ${chapter.statusCode} ${chapter.body}`);
  // Only the items still empty: a test's own objectives or sheet stay as it set them.
  const current = await call(t, 'GET', `/api/teacher-course-detail/${courseId}/`, token);
  if (current.statusCode !== 200) throw new Error(`Cours illisible : ${current.statusCode} ${current.body}`);
  const course = JSON.parse(current.body) as { objectives: string | null; planned_minutes: number | null; programme: Record<string, unknown> };
  const known: Record<string, unknown> = { ...course.programme, objectives: course.objectives, planned_minutes: course.planned_minutes };
  const missing = Object.fromEntries(Object.entries(COMPLETE_PROGRAMME_FORM).filter(([key]) => known[key] === null && !(key === 'price_cents' && course.programme.on_quote)));
  const programme = await call(t, 'PUT', `/api/course/${courseId}/programme/`, token, missing);
  if (programme.statusCode !== 200) throw new Error(`Fiche programme refusée : ${programme.statusCode} ${programme.body}`);
  const published = await call(t, 'POST', `/api/course/${courseId}/publish/`, token);
  if (published.statusCode !== 200) throw new Error(`Publication refusée : ${published.statusCode} ${published.body}`);
}

export type StudentRef = Pick<GivenStudent, 'studentId' | 'actor'>;
export type CourseRef = Pick<GivenCourse, 'courseId'>;

/** The student enrols in the course (by themselves, or by `by`, an admin: the back office's "Assigner cours"). */
export function givenEnrolled(t: TestApp, student: StudentRef, course: CourseRef, by: { actor: Actor } = student): Promise<{ enrolledAt: Date }> {
  return commands(t).execute(new EnrolStudent(by.actor, student.studentId, course.courseId));
}

/** The student rates the course; they must be enrolled in it first (givenEnrolled), or follow it as their formation. */
export function givenRated(t: TestApp, student: StudentRef, course: CourseRef, rating = 5, reviews = ''): Promise<void> {
  return commands(t).execute(new RateCourse(student.actor, student.studentId, course.courseId, rating, reviews));
}

/** The student adds the course to their favourites. */
export function givenFavourite(t: TestApp, student: StudentRef, course: CourseRef): Promise<void> {
  return commands(t).execute(new SetFavourite(student.actor, student.studentId, course.courseId, true));
}

/** The trainer follows the student (an admin's assignment, as the back office makes it). */
export async function givenFollowing(t: TestApp, teacher: Pick<GivenTeacher, 'teacherId'>, student: Pick<GivenStudent, 'studentId'>): Promise<void> {
  await commands(t).execute(new AssignTrainer('system', teacher.teacherId, student.studentId, 'admin'));
}

/**
 * The multipart body of a chapter form (`POST /course-chapters/{course}/`): its fields and, when
 * given, a SCORM package as `scorm_file`.
 */
export function scormForm(fields: Record<string, string | number>, bytes?: Buffer): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  if (bytes) data.append('scorm_file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'module.zip');
  return data;
}
