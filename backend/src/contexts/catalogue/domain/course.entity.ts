import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, Enum, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { CONTENT_TYPES, COURSE_STREAM, type CatalogueEvent, type ContentType } from '../contracts/catalogue.events.js';
import { InvalidCourseError } from './catalogue.errors.js';
import { searchText } from './search-text.js';

export interface ContentFields {
  title: string;
  description?: string;
  contentType: ContentType;
  /** Seconds. */
  duration: number;
  videoUrl?: string;
  textContent?: string;
}

function assertContent(fields: ContentFields): void {
  if (!fields.title.trim()) throw new InvalidCourseError('Le titre est obligatoire.', 'title');
  if (!CONTENT_TYPES.includes(fields.contentType)) throw new InvalidCourseError('Type de contenu inconnu.', 'content_type');
  if (!Number.isInteger(fields.duration) || fields.duration < 0) throw new InvalidCourseError('La durée doit être un nombre entier de secondes positif.', 'duration');
}

export interface CourseProps {
  title: string;
  description: string;
  categoryId: number;
  teacherId: number;
  techs: string;
  featuredImg: string | null;
  now: Date;
}

/**
 * A course and its ordered structure of chapters and sub-chapters: the catalogue's aggregate.
 * New items go last (order = count + 1), as the trainer screens of the spec expect. Events name
 * ids the insert gives, so they are recorded as functions the store reads after its flush.
 */
@Entity({ tableName: 'course', schema: 'catalogue' })
export class Course extends AggregateRoot<CatalogueEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 200 })
  title: string;

  @Property({ type: 'text' })
  description: string;

  @Property({ type: 'string', length: 255, fieldName: 'featured_img', nullable: true })
  featuredImg: string | null;

  @Property({ type: 'integer', fieldName: 'category_id' })
  categoryId: number;

  /** The trainer (identity context) who teaches it. */
  @Property({ type: 'integer', fieldName: 'teacher_id' })
  teacherId: number;

  @Property({ type: 'text' })
  techs: string;

  @Property({ type: 'text', fieldName: 'search_title' })
  searchTitle: string;

  @Property({ type: 'text', fieldName: 'search_text' })
  searchBody: string;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'integer' })
  version = 0;

  @OneToMany(() => Chapter, (chapter) => chapter.course, { orderBy: { order: 'asc' } })
  chapters = new Collection<Chapter>(this);

  constructor(props: CourseProps) {
    super();
    if (!props.title.trim()) throw new InvalidCourseError('Le titre du cours est obligatoire.', 'title');
    if (props.title.trim().length > 200) throw new InvalidCourseError('Le titre du cours ne doit pas dépasser 200 caractères.', 'title');
    this.title = props.title.trim();
    this.description = props.description.trim();
    this.categoryId = props.categoryId;
    this.teacherId = props.teacherId;
    this.techs = props.techs.split(',').map((t) => t.trim()).filter(Boolean).join(', ');
    this.featuredImg = props.featuredImg;
    this.createdAt = props.now;
    this.searchTitle = searchText(this.title);
    this.searchBody = searchText(this.title, this.description, this.techs);
  }

  /** A new course, published at once (the demo data and tests; the authoring screens come next). */
  static publish(props: CourseProps): Course {
    const course = new Course(props);
    course.record(() => ({
      type: 'CoursePublished',
      payload: { courseId: course.id, title: course.title, categoryId: course.categoryId, teacherId: course.teacherId },
    }));
    return course;
  }

  stream(): StreamRef {
    return { type: COURSE_STREAM, id: this.id };
  }

  addChapter(fields: ContentFields): Chapter {
    assertContent(fields);
    const chapter = new Chapter(this, fields, this.chapters.length + 1);
    this.chapters.add(chapter);
    this.record(() => ({
      type: 'ChapterAdded',
      payload: { courseId: this.id, chapterId: chapter.id, title: chapter.title, order: chapter.order, contentType: chapter.contentType, duration: chapter.duration },
    }));
    return chapter;
  }

  addSubchapter(chapter: Chapter, fields: ContentFields): Subchapter {
    assertContent(fields);
    if (chapter.course !== this) throw new InvalidCourseError("Ce chapitre n'appartient pas à ce cours.", 'chapter');
    const sub = new Subchapter(chapter, fields, chapter.subchapters.length + 1);
    chapter.subchapters.add(sub);
    this.record(() => ({
      type: 'SubchapterAdded',
      payload: {
        courseId: this.id, chapterId: chapter.id, subchapterId: sub.id, title: sub.title, order: sub.order, contentType: sub.contentType, duration: sub.duration,
      },
    }));
    return sub;
  }
}

abstract class ContentItem {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 200 })
  title: string;

  @Property({ type: 'text' })
  description: string;

  @Property({ type: 'integer', fieldName: 'position' })
  order: number;

  @Enum({ items: () => [...CONTENT_TYPES], type: 'string', fieldName: 'content_type' })
  contentType: ContentType;

  @Property({ type: 'integer' })
  duration: number;

  @Property({ type: 'string', length: 500, fieldName: 'video_url' })
  videoUrl: string;

  @Property({ type: 'text', fieldName: 'text_content' })
  textContent: string;

  protected constructor(fields: ContentFields, order: number) {
    this.title = fields.title.trim();
    this.description = (fields.description ?? '').trim();
    this.contentType = fields.contentType;
    this.duration = fields.duration;
    this.videoUrl = (fields.videoUrl ?? '').trim();
    this.textContent = fields.textContent ?? '';
    this.order = order;
  }
}

@Entity({ tableName: 'chapter', schema: 'catalogue' })
export class Chapter extends ContentItem {
  @ManyToOne(() => Course, { fieldName: 'course_id', deleteRule: 'cascade' })
  course: Rel<Course>;

  @OneToMany(() => Subchapter, (sub) => sub.chapter, { orderBy: { order: 'asc' } })
  subchapters = new Collection<Subchapter>(this);

  constructor(course: Course, fields: ContentFields, order: number) {
    super(fields, order);
    this.course = course;
  }
}

@Entity({ tableName: 'subchapter', schema: 'catalogue' })
export class Subchapter extends ContentItem {
  @ManyToOne(() => Chapter, { fieldName: 'chapter_id', deleteRule: 'cascade' })
  chapter: Rel<Chapter>;

  constructor(chapter: Chapter, fields: ContentFields, order: number) {
    super(fields, order);
    this.chapter = chapter;
  }
}
