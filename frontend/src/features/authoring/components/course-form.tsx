import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, type FormInstance, type UploadFile } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { NATURE_LABELS, type CourseNature } from '../../../components/course';
import { durationTextRule, parseDuration, typedDuration } from '../hours';
import { COURSE_LIST_TAG, DASHBOARD_TAG, courseTag, useGetAuthoringCategoriesQuery } from '../authoring-api';
import type { CourseView, TrainerOption } from '../authoring-types';
import { messages as m } from '../messages';
import { useMultipartSave } from '../use-multipart-save';
import { FileField, pickedFile } from './file-field';
import { UploadProgress } from './upload-progress';

export interface CourseValues {
  title: string;
  description?: string;
  category?: number;
  techs?: string;
  /** Admin only: a trainer id, or UNASSIGNED for « Non assigné ». */
  formateur?: number;
  featured_img?: UploadFile[];
  /** What the course promises (issue 26): one objective per line, the planned duration as typed, the nature. */
  objectives?: string;
  planned?: string;
  nature?: CourseNature | null;
}

/** The promise fields the trainer changed: only those are sent (absent: unchanged on the server). */
export type PromiseFields = Partial<Record<'objectives' | 'planned' | 'nature', boolean>>;

/** « Non assigné » in the select (antd shows the placeholder for a null value). */
const UNASSIGNED = 0;

const FORM_FIELDS = ['title', 'description', 'category', 'techs', 'formateur', 'featured_img', 'objectives', 'planned', 'nature'] as const;
/** The server's names of the promise fields, for its errors. */
const SERVER_FIELDS: Record<string, (typeof FORM_FIELDS)[number]> = { planned_minutes: 'planned' };
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Multipart body of POST /course/ and PUT /course/{id}/ (and PUT /teacher-course-detail/{id}). */
export function courseBody(values: CourseValues, formateur: number | null | undefined, changed: PromiseFields = {}): FormData {
  const body = new FormData();
  if (formateur !== null && formateur !== undefined) body.append('formateur', String(formateur));
  body.append('title', values.title.trim());
  body.append('description', values.description?.trim() ?? '');
  if (values.category !== undefined) body.append('category', String(values.category));
  body.append('techs', values.techs?.trim() ?? '');
  const image = pickedFile(values.featured_img);
  if (image) body.append('featured_img', image);
  // Sent empty, a promise is cleared; not sent, it stays as it is.
  if (changed.objectives) body.append('objectives', values.objectives?.trim() ?? '');
  if (changed.planned) body.append('planned_minutes', String(parseDuration(values.planned, 'hours').minutes ?? ''));
  if (changed.nature) body.append('nature', values.nature ?? '');
  return body;
}

export type { TrainerOption };

/** What the form reads of a course (its programme sheet has a form of its own). */
export type CourseFormCurrent = Omit<CourseView, 'programme' | 'programme_missing'>;

export interface CourseFormProps {
  name: string;
  current?: CourseFormCurrent;
  /** PUT target of an edit: the trainer's /teacher-course-detail/{id} or the admin's /course/{id}/. */
  editUrl?: string;
  /** The trainer's own id (sent as formateur), or undefined where the form lets the admin choose. */
  fixedTrainer?: number;
  /** Admin: the trainers to choose from (« Non assigné » is always offered). */
  trainers?: TrainerOption[];
  failureMessage: string;
  onSaved: (saved: CourseView) => void;
  onCancel?: () => void;
  /** Lets a modal submit the form from its own OK button. */
  form?: FormInstance<CourseValues>;
  hideButtons?: boolean;
  onSendingChange?: (sending: boolean) => void;
}

/** Create or edit a course: title, description, category, technologies, image (and trainer, for an admin). */
export function CourseForm({ name, current, editUrl, fixedTrainer, trainers, failureMessage, onSaved, onCancel, form: given, hideButtons, onSendingChange }: CourseFormProps) {
  const [own] = Form.useForm<CourseValues>();
  const form = given ?? own;
  const categories = useGetAuthoringCategoriesQuery();
  const { save, percent, sending } = useMultipartSave();
  const [failure, setFailure] = useState<string | null>(null);
  const choosesTrainer = fixedTrainer === undefined;

  const onFinish = async (values: CourseValues) => {
    setFailure(null);
    onSendingChange?.(true);
    const formateur = choosesTrainer ? values.formateur || null : fixedTrainer;
    try {
      const saved = await save<CourseView>({
        method: current ? 'PUT' : 'POST',
        url: current ? (editUrl ?? `course/${current.id}/`) : 'course/',
        body: courseBody(values, formateur, {
          objectives: form.isFieldTouched('objectives'),
          planned: form.isFieldTouched('planned'),
          nature: form.isFieldTouched('nature'),
        }),
        invalidates: [COURSE_LIST_TAG, DASHBOARD_TAG, ...(current ? [courseTag(current.id)] : [])],
      });
      form.setFieldValue('featured_img', []);
      onSaved(saved);
    } catch (error) {
      const described = describeApiError(error);
      const fieldErrors = Object.fromEntries(Object.entries(described.fieldErrors).map(([field, errors]) => [SERVER_FIELDS[field] ?? field, errors]));
      const others = applyFieldErrors(form, fieldErrors, FORM_FIELDS);
      setFailure([described.message ?? failureMessage, ...others].join(' '));
    } finally {
      onSendingChange?.(false);
    }
  };

  const initialValues: Partial<CourseValues> = {
    title: current?.title ?? '',
    description: current?.description ?? '',
    category: current?.category,
    techs: current?.techs ?? '',
    formateur: current?.formateur ?? UNASSIGNED,
    featured_img: [],
    objectives: current?.objectives ?? '',
    planned: typedDuration(current?.planned_minutes),
    nature: current ? current.nature : 'action_formation',
  };

  return (
    <Form form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={onFinish} disabled={sending}>
      <Form.Item label={m.courseForm.title} name="title" rules={[{ required: true, whitespace: true, message: m.courseForm.titleRequired }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label={m.courseForm.description} name="description">
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
      <Form.Item label={m.courseForm.category} name="category" rules={[{ required: true, message: m.courseForm.categoryRequired }]}>
        <Select
          placeholder={m.courseForm.categoryPlaceholder}
          loading={categories.isLoading}
          options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.title }))}
        />
      </Form.Item>
      {choosesTrainer ? (
        <Form.Item label={m.courseForm.trainer} name="formateur">
          <Select
            options={[
              { value: UNASSIGNED, label: m.courseForm.unassigned },
              ...(trainers ?? []).map((trainer) => ({ value: trainer.id, label: trainer.name })),
            ]}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={m.courseForm.techs} name="techs">
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item label={m.courseForm.objectives} name="objectives" extra={m.courseForm.objectivesHint}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} />
      </Form.Item>
      <div className="course-form__promises">
        <Form.Item label={m.courseForm.planned} name="planned" extra={m.courseForm.plannedHint} rules={[durationTextRule('hours')]}>
          <Input inputMode="decimal" placeholder="35 h" />
        </Form.Item>
        <Form.Item label={m.courseForm.nature} name="nature">
          <Select
            placeholder={m.courseForm.natureUnset}
            allowClear
            options={Object.entries(NATURE_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      </div>
      {current?.featured_img ? (
        <figure className="course-form__current-image">
          <img src={current.featured_img} alt="" width={120} height={68} />
          <figcaption>{m.courseForm.currentImage}</figcaption>
        </figure>
      ) : null}
      <FileField
        name="featured_img"
        label={m.courseForm.image}
        accept={IMAGE_TYPES.join(',')}
        button={m.courseForm.chooseImage}
        extra={m.courseForm.imageHint}
        rules={[
          {
            validator: async (_rule, value: UploadFile[] | undefined) => {
              const file = pickedFile(value);
              if (!file) return;
              if (!IMAGE_TYPES.includes(file.type)) throw new Error(m.courseForm.imageType);
              if (file.size > IMAGE_MAX_BYTES) throw new Error(m.courseForm.imageSize);
            },
          },
        ]}
      />
      <UploadProgress percent={percent} />
      {failure ? <Alert type="error" showIcon title={failure} className="form-feedback" /> : null}
      {hideButtons ? null : (
        <Space>
          <Button type="primary" htmlType="submit" loading={sending}>
            {m.common.save}
          </Button>
          {onCancel ? <Button onClick={onCancel}>{m.common.cancel}</Button> : null}
        </Space>
      )}
    </Form>
  );
}
