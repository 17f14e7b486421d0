import { Form, Input, InputNumber, Radio, Select, Switch, type FormInstance } from 'antd';
import { useGetBankCategoriesQuery } from '../assessment-api';
import type { QuizInput, QuizTrainerOption } from '../assessment-types';
import { messages as m } from '../messages';
import { FormFooter } from './form-footer';
import { useFormSave } from './use-form-save';

export interface QuizValues {
  title: string;
  detail: string;
  /** The admin's form only: a trainer, or null for none. */
  teacher?: number | null;
  /** The rules as an evaluation (ADR 0043); empty: none. */
  pass_mark?: number | null;
  max_attempts?: number | null;
  time_limit?: number | null;
  /** How questions are served (ADR 0045): shuffled per attempt; the quiz's own or drawn from the trainer's bank. */
  shuffle?: boolean;
  source?: 'quiz' | 'bank';
  draw_category?: string | null;
  draw_count?: number | null;
}

const FIELDS = ['title', 'detail', 'teacher', 'pass_mark', 'max_attempts', 'time_limit', 'shuffle', 'draw_category', 'draw_count'] as const;

/** A quiz's serving settings as the form shows them. */
export function servingOf(quiz: { shuffle?: boolean; draw_category?: string | null; draw_count?: number | null }): Pick<QuizValues, 'shuffle' | 'source' | 'draw_category' | 'draw_count'> {
  return { shuffle: quiz.shuffle ?? false, source: quiz.draw_category ? 'bank' : 'quiz', draw_category: quiz.draw_category ?? null, draw_count: quiz.draw_count ?? null };
}

/** A rule's value as sent: empty is null (none). */
const rule = (value: number | null | undefined): number | null => (value === undefined || value === null ? null : value);

/** The body sent: the trainer's own id on the trainer's screens, the chosen one (if any) on the admin's. */
export function quizBody(values: QuizValues, teacher: number | undefined): QuizInput {
  const body: QuizInput = {
    title: values.title.trim(),
    detail: (values.detail ?? '').trim(),
    pass_mark: rule(values.pass_mark),
    max_attempts: rule(values.max_attempts),
    time_limit: rule(values.time_limit),
  };
  // The serving settings are sent when the form shows them (the trainer's screens); absent: kept.
  if (values.source !== undefined) {
    body.shuffle = Boolean(values.shuffle);
    const bank = values.source === 'bank';
    body.draw_category = bank ? (values.draw_category ?? null) : null;
    body.draw_count = bank ? rule(values.draw_count) : null;
  }
  const chosen = teacher ?? values.teacher ?? undefined;
  if (chosen) body.teacher = chosen;
  return body;
}

export interface QuizFormProps {
  name: string;
  current?: QuizValues;
  /** Offered on the admin's form; the trainer's screens send their own id. */
  trainers?: QuizTrainerOption[];
  failureMessage: string;
  onSave: (values: QuizValues) => Promise<unknown>;
  onCancel?: () => void;
  form?: FormInstance<QuizValues>;
  hideButtons?: boolean;
  onSendingChange?: (sending: boolean) => void;
}

/** A quiz's title and detail (02 §2), its rules as an evaluation (ADR 0043), and its trainer on the admin's dialog (03 §2). */
export function QuizForm({ name, current, trainers, failureMessage, onSave, onCancel, form: given, hideButtons, onSendingChange }: QuizFormProps) {
  const [own] = Form.useForm<QuizValues>();
  const form = given ?? own;
  const { sending, failure, run } = useFormSave(form, FIELDS, failureMessage, onSendingChange);
  const onFinish = (values: QuizValues) => run(() => onSave(values));
  // Shuffling and the draw from a bank: the trainer's own bank on their screens; on the admin's
  // dialog, the bank of the quiz's trainer (the admin acts for them), so a draw needs a trainer.
  const admin = trainers !== undefined;
  const source = Form.useWatch('source', form) ?? current?.source ?? 'quiz';
  const watchedTrainer = Form.useWatch('teacher', form) as number | null | undefined;
  const chosenTrainer = admin ? (watchedTrainer === undefined ? (current?.teacher ?? null) : watchedTrainer) : null;
  const { data: categories } = useGetBankCategoriesQuery(admin ? (chosenTrainer ?? undefined) : undefined, { skip: admin && !chosenTrainer });
  const initial = { shuffle: false, source: 'quiz' as const, draw_category: null, draw_count: null, ...(current ?? { title: '', detail: '', teacher: null, pass_mark: null, max_attempts: null, time_limit: null }) };

  return (
    <Form form={form} name={name} layout="vertical" initialValues={initial} onFinish={onFinish} disabled={sending}>
      <Form.Item label={m.quizForm.title} name="title" rules={[{ required: true, whitespace: true, message: m.quizForm.titleRequired }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label={m.quizForm.detail} name="detail">
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
      <fieldset className="quiz-rules">
        <legend>{m.quizForm.rules}</legend>
        <Form.Item label={m.quizForm.passMark} name="pass_mark" extra={m.quizForm.passMarkHint}>
          <InputNumber min={0} max={100} precision={0} suffix="%" className="quiz-rules__number" />
        </Form.Item>
        <Form.Item label={m.quizForm.maxAttempts} name="max_attempts" extra={m.quizForm.maxAttemptsHint}>
          <InputNumber min={1} max={100} precision={0} className="quiz-rules__number" />
        </Form.Item>
        <Form.Item label={m.quizForm.timeLimit} name="time_limit" extra={m.quizForm.timeLimitHint}>
          <InputNumber min={1} max={1440} precision={0} suffix="min" className="quiz-rules__number" />
        </Form.Item>
      </fieldset>
      {trainers ? (
        <Form.Item label={m.quizForm.trainer} name="teacher">
          <Select allowClear placeholder={m.quizForm.unassigned} options={trainers.map((trainer) => ({ value: trainer.id, label: trainer.name }))} />
        </Form.Item>
      ) : null}
      <fieldset className="quiz-rules">
        <legend>{m.quizForm.serving}</legend>
        <Form.Item label={m.quizForm.source} name="source" extra={admin ? (chosenTrainer ? m.quizForm.adminBankHint : m.quizForm.adminNoTrainer) : undefined}>
          <Radio.Group
            options={[
              { value: 'quiz', label: m.quizForm.sourceQuiz },
              { value: 'bank', label: m.quizForm.sourceBank, disabled: admin && !chosenTrainer && source !== 'bank' },
            ]}
          />
        </Form.Item>
        {source === 'bank' ? (
          <>
            <Form.Item label={m.quizForm.drawCategory} name="draw_category" rules={[{ required: true, message: m.quizForm.drawCategoryRequired }]} extra={categories?.length === 0 ? m.quizForm.noBank : undefined}>
              <Select
                placeholder={m.quizForm.drawCategoryPlaceholder}
                options={(categories ?? []).map((c) => ({ value: c.category, label: m.quizForm.categoryOption(c.category, c.questions) }))}
              />
            </Form.Item>
            <Form.Item label={m.quizForm.drawCount} name="draw_count" rules={[{ required: true, message: m.quizForm.drawCountRequired }]} extra={m.quizForm.drawCountHint}>
              <InputNumber min={1} max={100} precision={0} className="quiz-rules__number" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item label={m.quizForm.shuffle} name="shuffle" valuePropName="checked" extra={m.quizForm.shuffleHint}>
          <Switch />
        </Form.Item>
      </fieldset>
      <FormFooter failure={failure} sending={sending} hideButtons={hideButtons} onCancel={onCancel} />
    </Form>
  );
}
