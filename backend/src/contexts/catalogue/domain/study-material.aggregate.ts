import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { STUDY_MATERIAL_STREAM, type StudyMaterialEvent } from '../contracts/catalogue.events.js';
import { removalMode, type RemovalMode } from './course-fields.js';

export interface StoredDocument {
  path: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A document a course's author shares with its learners (the spec's "study material"). */
@Entity({ tableName: 'study_material', schema: 'catalogue' })
export class StudyMaterial extends AggregateRoot<StudyMaterialEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId: number;

  @Property({ type: 'string', length: 200 })
  title: string;

  @Property({ type: 'text' })
  description: string;

  @Property({ type: 'text' })
  remarks: string;

  @Property({ type: 'string', length: 300, fieldName: 'file_path' })
  filePath: string;

  /** The name the file had on the author's computer, given back on download. */
  @Property({ type: 'string', length: 255, fieldName: 'file_name' })
  fileName: string;

  @Property({ type: 'string', length: 120, fieldName: 'content_type' })
  contentType: string;

  @Property({ type: 'bigint', fieldName: 'size' })
  size: number;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'datetime', fieldName: 'archived_at', nullable: true })
  archivedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  private constructor(courseId: number, fields: { title: string; description: string; remarks: string }, file: StoredDocument, now: Date) {
    super();
    const title = fields.title.trim();
    if (!title) throw new InvalidInputError('Le titre du document est obligatoire.', 'title');
    this.courseId = courseId;
    this.title = title;
    this.description = fields.description.trim();
    this.remarks = fields.remarks.trim();
    this.filePath = file.path;
    this.fileName = file.fileName;
    this.contentType = file.contentType;
    this.size = file.size;
    this.createdAt = now;
  }

  static add(courseId: number, fields: { title: string; description: string; remarks: string }, file: StoredDocument, now: Date): StudyMaterial {
    const material = new StudyMaterial(courseId, fields, file, now);
    material.record(() => ({
      type: 'StudyMaterialAdded',
      payload: { courseId, materialId: material.id, contentType: material.contentType, bytes: material.size },
    }));
    return material;
  }

  stream(): StreamRef {
    return { type: STUDY_MATERIAL_STREAM, id: this.id };
  }

  /** Archived (kept, hidden) when the course has learners, who may have relied on it; deleted otherwise. */
  remove(enrolledStudents: number, now: Date): RemovalMode {
    const mode = removalMode(enrolledStudents);
    if (mode === 'archive') this.archivedAt = now;
    this.record({ type: 'StudyMaterialRemoved', payload: { courseId: this.courseId, materialId: this.id, archived: mode === 'archive' } });
    return mode;
  }
}
