import { useState } from 'react';
import { Alert, Button, Form, Input, Radio, Select, Space, type UploadFile } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import type { ChapterContentType, ChapterView, SubchapterView } from '../authoring-types';
import { useGetStepQuizzesQuery } from '../authoring-api';
import { messages as m } from '../messages';
import { useMultipartSave, type MultipartSave } from '../use-multipart-save';
import { durationTextRule, parseDuration, typedDuration } from '../hours';
import { DurationInput, durationRule, fromSeconds, toSeconds, type DurationParts } from './duration-input';
import { FileField, pickedFile } from './file-field';
import { UploadProgress } from './upload-progress';

/** Content types offered (02 §9): sub-chapters have no SCORM. */
export const CHAPTER_CONTENT_TYPES: readonly ChapterContentType[] = ['video_file', 'video_url', 'text', 'quiz', 'scorm'];
export const SUBCHAPTER_CONTENT_TYPES: readonly ChapterContentType[] = ['video_file', 'video_url', 'text', 'quiz'];

export type StepKind = 'chapter' | 'subchapter';

export interface StepValues {
  title: string;
  description?: string;
  content_type: ChapterContentType;
  duration?: DurationParts;
  video_url?: string;
  video?: UploadFile[];
  text_content?: string;
  quiz?: number | null;
  scorm_file?: UploadFile[];
  scorm_rule?: ScormRule;
  /** The declared average duration as typed (« 20 min », « 1 h 30 »); a bare number is minutes. */
  declared?: string;
}

/** What validates a SCORM chapter (the server's choices; « completed or passed » by default). */
export type ScormRule = ChapterView['scorm_rule'];
export const SCORM_RULES: readonly ScormRule[] = ['completed_or_passed', 'completed', 'passed'];
export const DEFAULT_SCORM_RULE: ScormRule = 'completed_or_passed';

const FORM_FIELDS = ['title', 'description', 'content_type', 'duration', 'video_url', 'video', 'text_content', 'quiz', 'scorm_file', 'scorm_rule', 'declared'] as const;

/** The old 'video' type of the spec reads as an uploaded file. */
const normaliseType = (type: string | undefined): ChapterContentType =>
  type === 'video' ? 'video_file' : ((type as ChapterContentType | undefined) ?? 'video_file');

export function initialStepValues(step?: ChapterView | SubchapterView): StepValues {
  return {
    title: step?.title ?? '',
    description: step?.description ?? '',
    content_type: normaliseType(step?.content_type),
    duration: fromSeconds(step?.duration),
    video_url: step?.video_url ?? '',
    text_content: step?.text_content ?? '',
    quiz: step?.quiz ?? null,
    video: [],
    scorm_file: [],
    scorm_rule: (step && 'scorm_rule' in step ? step.scorm_rule : undefined) ?? DEFAULT_SCORM_RULE,
    declared: typedDuration(step?.declared_minutes),
  };
}

/**
 * The multipart body (02 §5): title, description, content_type, video_url always; the duration in
 * seconds when above 0 (always on an edit, so it can be cleared); then the one field of the type:
 * the video file, the text, the quiz or the SCORM zip. A file is sent only when one was chosen.
 */
export function stepBody(values: StepValues, { editing, extra = {} }: { editing: boolean; extra?: Record<string, string | number> }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(extra)) body.append(name, String(value));
  body.append('title', values.title.trim());
  body.append('description', values.description?.trim() ?? '');
  body.append('content_type', values.content_type);
  const seconds = toSeconds(values.duration);
  if (seconds > 0 || editing) body.append('duration', String(seconds));
  body.append('video_url', values.content_type === 'video_url' ? (values.video_url?.trim() ?? '') : '');
  const video = pickedFile(values.video);
  const scorm = pickedFile(values.scorm_file);
  if (values.content_type === 'video_file' && video) body.append('video', video);
  if (values.content_type === 'text') body.append('text_content', values.text_content ?? '');
  if (values.content_type === 'quiz' && values.quiz !== null && values.quiz !== undefined) body.append('quiz', String(values.quiz));
  if (values.content_type === 'scorm' && scorm) body.append('scorm_file', scorm);
  if (values.content_type === 'scorm' && values.scorm_rule) body.append('scorm_rule', values.scorm_rule);
  // Loaded with the step: sent empty, it is cleared.
  body.append('declared_minutes', String(parseDuration(values.declared, 'minutes').minutes ?? ''));
  return body;
}

const isZip = (file: File) => /\.zip$/i.test(file.name);

/** What validates the SCORM chapter: every part completed, passed, or either (the default). */
export function ScormRuleField() {
  return (
    <Form.Item label={<span id="scorm-rule-label">{m.stepForm.scormRule}</span>} name="scorm_rule" extra={m.stepForm.scormRuleHint}>
      <Radio.Group role="radiogroup" aria-labelledby="scorm-rule-label" className="scorm-rule-field">
        {SCORM_RULES.map((rule) => (
          <Radio key={rule} value={rule}>
            {m.stepForm.scormRules[rule]}
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}

/** The quiz of a quiz step, picked by its title among the trainer's quizzes (issue 28). */
function QuizSelect(props: { value?: number | null; onChange?: (value: number | null) => void; id?: string }) {
  const { data, isLoading } = useGetStepQuizzesQuery();
  const options = (data ?? []).map((quiz) => ({
    value: quiz.id,
    label: `${quiz.title} (${m.stepForm.quizQuestions(quiz.questions)}${quiz.trainer ? ` · ${quiz.trainer}` : ''})`,
  }));
  // A step naming a quiz the list does not hold (another trainer's, archived) still shows its number.
  if (props.value && data && !data.some((quiz) => quiz.id === props.value)) options.push({ value: props.value, label: m.stepForm.quizNumber(props.value) });
  return (
    <Select
      {...props}
      value={props.value ?? undefined}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      placeholder={m.stepForm.quizPlaceholder}
      notFoundContent={m.stepForm.quizNone}
      options={options}
    />
  );
}

/** The one field of the chosen content type. */
function TypeField({ type, current }: { type: ChapterContentType; current?: ChapterView | SubchapterView }) {
  const hasVideo = Boolean(current?.video);
  const hasScorm = Boolean(current && 'scorm_url' in current && current.scorm_url);
  switch (type) {
    case 'video_file':
      return (
        <FileField
          name="video"
          label={m.stepForm.video}
          accept="video/*"
          button={m.stepForm.chooseVideo}
          rules={hasVideo ? [] : [{ required: true, message: m.stepForm.videoRequired }]}
          extra={hasVideo ? m.stepForm.videoCurrent : undefined}
        />
      );
    case 'video_url':
      return (
        <Form.Item
          label={m.stepForm.videoUrl}
          name="video_url"
          extra={m.stepForm.videoUrlHint}
          rules={[
            { required: true, whitespace: true, message: m.stepForm.videoUrlRequired },
            { type: 'url', message: m.stepForm.urlInvalid },
          ]}
        >
          <Input type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=…" />
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item label={m.stepForm.text} name="text_content" extra={m.stepForm.textHint} rules={[{ required: true, whitespace: true, message: m.stepForm.textRequired }]}>
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 20 }} />
        </Form.Item>
      );
    case 'quiz':
      return (
        <Form.Item label={m.stepForm.quiz} name="quiz" extra={m.stepForm.quizHint} rules={[{ required: true, message: m.stepForm.quizRequired }]}>
          <QuizSelect />
        </Form.Item>
      );
    case 'scorm':
      return (
        <>
        <FileField
          name="scorm_file"
          label={m.stepForm.scorm}
          accept=".zip,application/zip,application/x-zip-compressed"
          button={m.stepForm.chooseScorm}
          extra={hasScorm ? m.stepForm.scormCurrent((current as ChapterView).scorm_version) : m.stepForm.scormHint}
          rules={[
            ...(hasScorm ? [] : [{ required: true, message: m.stepForm.scormRequired }]),
            {
              validator: async (_rule, value: UploadFile[] | undefined) => {
                const file = pickedFile(value);
                if (file && !isZip(file)) throw new Error(m.stepForm.scormType);
              },
            },
          ]}
        />
        <ScormRuleField />
        </>
      );
  }
}

export interface StepFormProps {
  kind: StepKind;
  /** The step being edited; none to add one. */
  current?: ChapterView | SubchapterView;
  /** Where the body goes, and what it makes stale. */
  target: Omit<MultipartSave, 'body'>;
  /** Fields sent before the form's own (the chapter of a new sub-chapter). */
  extra?: Record<string, string | number>;
  failureMessage: string;
  onSaved: (saved: ChapterView | SubchapterView) => void;
  onCancel?: () => void;
  /** antd Form name: unique on the page. */
  name: string;
}

/** Add or edit a chapter or a sub-chapter; shows only the field of the chosen type. */
export function StepForm({ kind, current, target, extra, failureMessage, onSaved, onCancel, name }: StepFormProps) {
  const [form] = Form.useForm<StepValues>();
  const { save, percent, sending } = useMultipartSave();
  const [failure, setFailure] = useState<string | null>(null);
  const type = Form.useWatch('content_type', form) ?? normaliseType(current?.content_type);
  const types = kind === 'chapter' ? CHAPTER_CONTENT_TYPES : SUBCHAPTER_CONTENT_TYPES;

  const onFinish = async (values: StepValues) => {
    setFailure(null);
    try {
      const saved = await save<ChapterView | SubchapterView>({ ...target, body: stepBody(values, { editing: Boolean(current), extra }) });
      onSaved(saved);
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, { ...described.fieldErrors, ...renamedFileErrors(described.fieldErrors) }, FORM_FIELDS);
      setFailure([described.message ?? failureMessage, ...others].join(' '));
    }
  };

  return (
    <Form form={form} name={name} layout="vertical" initialValues={initialStepValues(current)} onFinish={onFinish} disabled={sending}>
      <Form.Item label={m.stepForm.title} name="title" rules={[{ required: true, whitespace: true, message: m.stepForm.titleRequired }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label={m.stepForm.description} name="description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item label={m.stepForm.contentType} name="content_type" rules={[{ required: true, message: m.common.required }]}>
        <Select options={types.map((value) => ({ value, label: m.stepForm.contentTypes[value] }))} />
      </Form.Item>
      <TypeField type={type} current={current} />
      <Form.Item label={m.stepForm.duration} name="duration" rules={[durationRule]}>
        <DurationInput />
      </Form.Item>
      <Form.Item label={m.stepForm.declared} name="declared" extra={m.stepForm.declaredHint} rules={[durationTextRule('minutes')]}>
        <Input inputMode="decimal" placeholder="20 min" className="step-form__declared" />
      </Form.Item>
      <UploadProgress percent={percent} />
      {failure ? <Alert type="error" showIcon title={failure} className="form-feedback" /> : null}
      <Space>
        <Button type="primary" htmlType="submit" loading={sending}>
          {m.common.save}
        </Button>
        {onCancel ? (
          <Button onClick={onCancel} disabled={false}>
            {m.common.cancel}
          </Button>
        ) : null}
      </Space>
    </Form>
  );
}

/** The server names the file fields as it stores them; the form's names are the request's. */
function renamedFileErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const renamed: Record<string, string[]> = {};
  if (errors.scorm) renamed.scorm_file = errors.scorm;
  if (errors.declared_minutes) renamed.declared = errors.declared_minutes;
  return renamed;
}
