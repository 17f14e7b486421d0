import type { ReactNode } from 'react';
import { Checkbox, Form, Input, Radio, Select, type FormInstance } from 'antd';
import type { QuestionInput, QuestionKind } from '../assessment-types';
import { messages as m } from '../messages';
import { FormFooter } from './form-footer';
import { useFormSave } from './use-form-save';

const ANSWERS = ['ans1', 'ans2', 'ans3', 'ans4'] as const;
const FIELDS = ['kind', 'questions', ...ANSWERS, 'right_ans', 'right_answers', 'explanation', 'category', 'tags'] as const;

const EMPTY: QuestionInput = { kind: 'single', questions: '', ans1: '', ans2: '', ans3: '', ans4: '', right_ans: '', right_answers: [], explanation: '' };
const TRUE_FALSE = ['Vrai', 'Faux'] as const;

/** The right-answer choices: the answers typed so far, blanks left out, each once (02 §5, 03 §8). */
export function rightAnswerChoices(values: Partial<QuestionInput> | undefined): string[] {
  const typed = ANSWERS.map((name) => (values?.[name] ?? '').trim()).filter(Boolean);
  return [...new Set(typed)];
}

/** Whether the right answer is, word for word, one of the four answers (what the server requires too). */
export function isOneOfTheAnswers(values: Partial<QuestionInput>): boolean {
  const right = (values.right_ans ?? '').trim();
  return Boolean(right) && ANSWERS.some((name) => (values[name] ?? '').trim() === right);
}

/** What the form sends for its type: four answers and the right one; four and the right ones by number; « Vrai » or « Faux » (ADR 0045). */
export function trimmed(values: QuestionInput): QuestionInput {
  const kind: QuestionKind = values.kind ?? 'single';
  const base = { kind, questions: values.questions.trim(), explanation: (values.explanation ?? '').trim() };
  if (kind === 'true-false') return { ...base, ans1: '', ans2: '', ans3: '', ans4: '', right_ans: values.right_ans ?? '' };
  const answers = { ans1: values.ans1.trim(), ans2: values.ans2.trim(), ans3: values.ans3.trim(), ans4: values.ans4.trim() };
  if (kind === 'multiple') return { ...base, ...answers, right_ans: '', right_answers: [...(values.right_answers ?? [])].sort((a, b) => a - b) };
  return { ...base, ...answers, right_ans: (values.right_ans ?? '').trim() };
}

export interface QuestionFormProps {
  /** antd Form name: unique on the page. */
  name: string;
  current?: QuestionInput;
  /** The message of the document the screen belongs to (trainer 02 §5, admin 03 §8). */
  wrongAnswer: string;
  failureMessage: string;
  /** Sends the question; a rejected promise (an RTK Query error) shows under the fields. */
  onSave: (values: QuestionInput) => Promise<unknown>;
  onCancel?: () => void;
  /** A dialog's own form and buttons. */
  form?: FormInstance<QuestionInput>;
  hideButtons?: boolean;
  onSendingChange?: (sending: boolean) => void;
  /** More fields after the question's (the bank's category and tags). */
  extra?: ReactNode;
}

/**
 * A question by its type (ADR 0045): four answers and the right one chosen among those typed
 * (checked again on save), four answers and the right ones ticked, or true/false.
 */
export function QuestionForm({ name, current, wrongAnswer, failureMessage, onSave, onCancel, form: given, hideButtons, onSendingChange, extra }: QuestionFormProps) {
  const [own] = Form.useForm<QuestionInput>();
  const form = given ?? own;
  const { sending, failure, run } = useFormSave(form, FIELDS, failureMessage, onSendingChange);
  const kind: QuestionKind = Form.useWatch('kind', form) ?? current?.kind ?? 'single';
  const typed = {
    ans1: Form.useWatch('ans1', form) ?? current?.ans1,
    ans2: Form.useWatch('ans2', form) ?? current?.ans2,
    ans3: Form.useWatch('ans3', form) ?? current?.ans3,
    ans4: Form.useWatch('ans4', form) ?? current?.ans4,
  };
  const choices = rightAnswerChoices(typed);

  const onFinish = (raw: QuestionInput) => run(() => onSave(trimmed({ ...raw, kind })));
  const initial = current ? { ...EMPTY, ...current, kind: current.kind ?? 'single' } : EMPTY;

  return (
    <Form form={form} name={name} layout="vertical" initialValues={initial} onFinish={onFinish} disabled={sending} className="question-form">
      <Form.Item label={m.questionForm.kind} name="kind">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'single', label: m.questionForm.kinds.single },
            { value: 'multiple', label: m.questionForm.kinds.multiple },
            { value: 'true-false', label: m.questionForm.kinds['true-false'] },
          ]}
        />
      </Form.Item>
      <Form.Item label={m.questionForm.question} name="questions" rules={[{ required: true, whitespace: true, message: m.questionForm.questionRequired }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      {kind === 'true-false' ? (
        <Form.Item label={m.questionForm.rightAnswer} name="right_ans" rules={[{ required: true, message: m.questionForm.trueFalseRequired }]}>
          <Radio.Group options={TRUE_FALSE.map((value) => ({ value, label: value }))} />
        </Form.Item>
      ) : (
        <div className="question-form__answers">
          {ANSWERS.map((field, index) => (
            <Form.Item key={field} label={m.questionForm.answer(index + 1)} name={field} rules={[{ required: true, whitespace: true, message: m.questionForm.answerRequired(index + 1) }]}>
              <Input />
            </Form.Item>
          ))}
        </div>
      )}
      {kind === 'single' ? (
        <Form.Item
          label={m.questionForm.rightAnswer}
          name="right_ans"
          extra={m.questionForm.rightAnswerHint}
          dependencies={[...ANSWERS]}
          rules={[
            { required: true, message: m.questionForm.rightAnswerRequired },
            ({ getFieldsValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && !isOneOfTheAnswers({ ...getFieldsValue(), right_ans: value })) throw new Error(wrongAnswer);
              },
            }),
          ]}
        >
          <Select placeholder={m.questionForm.rightAnswerPlaceholder} options={choices.map((answer) => ({ value: answer, label: answer }))} />
        </Form.Item>
      ) : null}
      {kind === 'multiple' ? (
        <Form.Item
          label={m.questionForm.rightAnswers}
          name="right_answers"
          extra={m.questionForm.rightAnswersHint}
          // A validator, not `required`: antd would put aria-required on the checkbox group, which axe refuses.
          rules={[
            {
              validator: async (_rule, value: number[] | undefined) => {
                if (!value?.length) throw new Error(m.questionForm.rightAnswersRequired);
              },
            },
          ]}
        >
          <Checkbox.Group
            options={ANSWERS.map((field, index) => ({ value: index + 1, label: (typed[field] ?? '').trim() || m.questionForm.answer(index + 1) }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={m.questionForm.explanation} name="explanation" extra={m.questionForm.explanationHint}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      </Form.Item>
      {extra}
      <FormFooter failure={failure} sending={sending} hideButtons={hideButtons} onCancel={onCancel} />
    </Form>
  );
}
