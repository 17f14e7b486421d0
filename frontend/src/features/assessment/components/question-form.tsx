import { Form, Input, Select, type FormInstance } from 'antd';
import type { QuestionInput } from '../assessment-types';
import { messages as m } from '../messages';
import { FormFooter } from './form-footer';
import { useFormSave } from './use-form-save';

const ANSWERS = ['ans1', 'ans2', 'ans3', 'ans4'] as const;
const FIELDS = ['questions', ...ANSWERS, 'right_ans', 'explanation'] as const;

const EMPTY: QuestionInput = { questions: '', ans1: '', ans2: '', ans3: '', ans4: '', right_ans: '', explanation: '' };

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

const trimmed = (values: QuestionInput): QuestionInput => ({
  questions: values.questions.trim(),
  ans1: values.ans1.trim(),
  ans2: values.ans2.trim(),
  ans3: values.ans3.trim(),
  ans4: values.ans4.trim(),
  right_ans: (values.right_ans ?? '').trim(),
  explanation: (values.explanation ?? '').trim(),
});

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
}

/** A question and its four answers; the right answer is chosen among the answers typed, and checked again on save. */
export function QuestionForm({ name, current, wrongAnswer, failureMessage, onSave, onCancel, form: given, hideButtons, onSendingChange }: QuestionFormProps) {
  const [own] = Form.useForm<QuestionInput>();
  const form = given ?? own;
  const { sending, failure, run } = useFormSave(form, FIELDS, failureMessage, onSendingChange);
  const typed = {
    ans1: Form.useWatch('ans1', form) ?? current?.ans1,
    ans2: Form.useWatch('ans2', form) ?? current?.ans2,
    ans3: Form.useWatch('ans3', form) ?? current?.ans3,
    ans4: Form.useWatch('ans4', form) ?? current?.ans4,
  };
  const choices = rightAnswerChoices(typed);

  const onFinish = (raw: QuestionInput) => run(() => onSave(trimmed(raw)));

  return (
    <Form form={form} name={name} layout="vertical" initialValues={current ?? EMPTY} onFinish={onFinish} disabled={sending} className="question-form">
      <Form.Item label={m.questionForm.question} name="questions" rules={[{ required: true, whitespace: true, message: m.questionForm.questionRequired }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <div className="question-form__answers">
        {ANSWERS.map((field, index) => (
          <Form.Item key={field} label={m.questionForm.answer(index + 1)} name={field} rules={[{ required: true, whitespace: true, message: m.questionForm.answerRequired(index + 1) }]}>
            <Input />
          </Form.Item>
        ))}
      </div>
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
      <Form.Item label={m.questionForm.explanation} name="explanation" extra={m.questionForm.explanationHint}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      </Form.Item>
      <FormFooter failure={failure} sending={sending} hideButtons={hideButtons} onCancel={onCancel} />
    </Form>
  );
}
