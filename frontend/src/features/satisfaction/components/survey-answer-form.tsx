import { Button, Checkbox, Form, Input, Radio } from 'antd';
import type { Answers, Question } from '../satisfaction-types';
import { messages } from '../messages';

const m = messages.answer;

/**
 * The questions of a questionnaire as a form (docs/adr/0054): a rating 1–5 as five radio buttons
 * (keyboard and screen readers: « 4 sur 5 »), a single choice as radios, several choices as
 * checkboxes, a free text as a text area; each required question is checked before sending.
 */
export function SurveyAnswerForm({ questions, onSubmit, sending }: { questions: Question[]; onSubmit: (answers: Answers) => void; sending?: boolean }) {
  const [form] = Form.useForm<Answers>();
  return (
    <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values)} className="survey-form">
      <p className="survey-form__note">{m.anonymous}</p>
      {questions.map((q, index) => {
        const id = `survey-${q.id}`;
        const label = `${index + 1}. ${q.label}`;
        const rules = q.required ? [{ required: true, message: m.required }] : [];
        if (q.type === 'texte') {
          return (
            <Form.Item key={q.id} name={q.id} label={label} htmlFor={id} rules={q.required ? [{ required: true, whitespace: true, message: m.required }] : []}>
              <Input.TextArea id={id} rows={4} maxLength={3000} showCount />
            </Form.Item>
          );
        }
        return (
          <fieldset key={q.id} className="survey-form__group">
            <legend className="survey-form__legend">
              {label}
              <span className="survey-form__optional"> {q.required ? m.requiredMark : m.optional}</span>
            </legend>
            <Form.Item name={q.id} rules={rules} className="survey-form__item">
              {q.type === 'note' ? (
                <Radio.Group optionType="button" buttonStyle="solid" options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: <span aria-label={m.rating(n)}>{n}</span> }))} />
              ) : q.type === 'choix_unique' ? (
                <Radio.Group options={q.options.map((o) => ({ value: o, label: o }))} className="survey-form__choices" />
              ) : (
                <Checkbox.Group options={q.options.map((o) => ({ value: o, label: o }))} className="survey-form__choices" />
              )}
            </Form.Item>
            {q.type === 'note' ? <p className="survey-form__hint">{m.ratingLegend}</p> : null}
          </fieldset>
        );
      })}
      <Button type="primary" htmlType="submit" loading={sending}>
        {m.submit}
      </Button>
    </Form>
  );
}
