import { InvalidCourseError } from './catalogue.errors.js';
import type { PromiseChanges } from './course-promises.js';
import { DESCRIPTION_MAX, TITLE_MAX } from './course-limits.js';

/** How a removal ends: archived when learners are enrolled (their history stays), deleted otherwise. */
export type RemovalMode = 'archive' | 'delete';
export const removalMode = (enrolledStudents: number): RemovalMode => (enrolledStudents > 0 ? 'archive' : 'delete');

export interface CourseProps {
  title: string;
  description: string;
  categoryId: number;
  teacherId: number | null;
  techs: string;
  featuredImg: string | null;
  now: Date;
  /** Objectives, planned duration and nature: absent, unchanged (at creation, the nature defaults to action de formation). */
  promises?: PromiseChanges;
}

export type CourseFields = Omit<CourseProps, 'now' | 'featuredImg' | 'promises'>;

export function checkCourseFields(fields: CourseFields): CourseFields {
  const title = fields.title.trim();
  if (!title) throw new InvalidCourseError('Le titre du cours est obligatoire.', 'title');
  if (title.length > TITLE_MAX) throw new InvalidCourseError(`Le titre du cours ne doit pas dépasser ${TITLE_MAX} caractères.`, 'title');
  if (fields.description.length > DESCRIPTION_MAX) throw new InvalidCourseError(`La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères.`, 'description');
  const techs = fields.techs.split(',').map((t) => t.trim()).filter(Boolean).join(', ');
  if (techs.length > 500) throw new InvalidCourseError('Les technologies ne doivent pas dépasser 500 caractères.', 'techs');
  return { ...fields, title, description: fields.description.trim(), techs };
}
