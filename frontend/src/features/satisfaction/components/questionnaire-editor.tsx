import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Questionnaire, QuestionnaireBody, QuestionnaireKind, QuestionType } from '../satisfaction-types';
import { kinds, messages, questionTypes } from '../messages';

const m = messages.editor;

interface QuestionValues {
  id?: string;
  type: QuestionType;
  label: string;
  required: boolean;
  options?: string;
}

interface Values {
  title: string;
  kind: QuestionnaireKind;
  course_id?: number;
  cold_delay_days?: number;
  reminder_days: number;
  max_reminders: number;
  active: boolean;
  questions: QuestionValues[];
}

const DEFAULT_QUESTION: QuestionValues = { type: 'note', label: '', required: true };

/** The values the server takes, from the editor's: choices written one per line. */
export function bodyOf(values: Values, creating: boolean): QuestionnaireBody {
  return {
    title: values.title,
    ...(creating ? { kind: values.kind, ...(values.course_id ? { course_id: values.course_id } : {}) } : {}),
    ...(values.kind === 'froid' ? { cold_delay_days: values.cold_delay_days } : {}),
    reminder_days: values.reminder_days,
    max_reminders: values.max_reminders,
    active: values.active,
    questions: values.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      type: q.type,
      label: q.label,
      required: q.required,
      ...(q.type === 'choix_unique' || q.type === 'choix_multiple' ? { options: (q.options ?? '').split('\n').map((o) => o.trim()).filter(Boolean) } : {}),
    })),
  };
}

/**
 * The questionnaire editor (docs/adr/0054): title, recipients, course, the « à froid » delay,
 * reminders, and the questions (rating, single or multiple choice, free text; required or not).
 * Editing a version that has answers warns that a new version will start.
 */
export function QuestionnaireEditor({
  initial,
  courses,
  onSubmit,
  onCancel,
  saving,
}: {
  initial?: Questionnaire;
  courses: { value: number; label: string }[];
  onSubmit: (body: QuestionnaireBody) => void;
  onCancel?: () => void;
  saving?: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? initial?.kind ?? 'chaud';
  const creating = !initial;
  const initialValues: Values = initial
    ? {
        title: initial.title,
        kind: initial.kind,
        course_id: initial.course_id ?? undefined,
        cold_delay_days: initial.cold_delay_days || 90,
        reminder_days: initial.reminder_days,
        max_reminders: initial.max_reminders,
        active: initial.active,
        questions: initial.questions.map((q) => ({ id: q.id, type: q.type, label: q.label, required: q.required, options: q.options.join('\n') })),
      }
    : { title: '', kind: 'chaud', cold_delay_days: 90, reminder_days: 7, max_reminders: 2, active: true, questions: [DEFAULT_QUESTION] };
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={() => onSubmit(bodyOf(form.getFieldsValue(true) as Values, creating))} className="questionnaire-editor">
      {initial?.answered ? <Alert type="warning" showIcon title={m.answeredWarning} className="questionnaire-editor__warning" /> : null}
      <Form.Item name="title" label={m.title} htmlFor="questionnaire-title" rules={[{ required: true, whitespace: true, message: m.titleRequired }]}>
        <Input id="questionnaire-title" maxLength={200} />
      </Form.Item>
      <div className="questionnaire-editor__row">
        <Form.Item name="kind" label={m.kind} htmlFor="questionnaire-kind">
          <Select id="questionnaire-kind" disabled={!creating} options={Object.entries(kinds).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="course_id" label={m.course} htmlFor="questionnaire-course">
          <Select id="questionnaire-course" disabled={!creating} allowClear options={courses} placeholder={messages.admin.allCourses} />
        </Form.Item>
      </div>
      <div className="questionnaire-editor__row">
        {kind === 'froid' ? (
          <Form.Item name="cold_delay_days" label={m.coldDelay} htmlFor="questionnaire-delay">
            <InputNumber id="questionnaire-delay" min={1} max={730} />
          </Form.Item>
        ) : null}
        <Form.Item name="reminder_days" label={m.reminderDays} htmlFor="questionnaire-reminder-days">
          <InputNumber id="questionnaire-reminder-days" min={1} max={60} />
        </Form.Item>
        <Form.Item name="max_reminders" label={m.maxReminders} htmlFor="questionnaire-max-reminders">
          <InputNumber id="questionnaire-max-reminders" min={0} max={10} />
        </Form.Item>
        <Form.Item name="active" label={m.active} valuePropName="checked" htmlFor="questionnaire-active">
          <Switch id="questionnaire-active" />
        </Form.Item>
      </div>
      <h2 className="questionnaire-editor__heading">{m.questions}</h2>
      <Form.List name="questions">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <fieldset key={field.key} className="questionnaire-editor__question">
                <legend>{m.question(index + 1)}</legend>
                <Form.Item name={[field.name, 'label']} label={m.label} htmlFor={`question-${field.key}-label`} rules={[{ required: true, whitespace: true, message: m.labelRequired }]}>
                  <Input id={`question-${field.key}-label`} maxLength={500} />
                </Form.Item>
                <div className="questionnaire-editor__row">
                  <Form.Item name={[field.name, 'type']} label={m.type} htmlFor={`question-${field.key}-type`}>
                    <Select id={`question-${field.key}-type`} options={Object.entries(questionTypes).map(([value, label]) => ({ value, label }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'required']} valuePropName="checked" label=" ">
                    <Checkbox>{m.required}</Checkbox>
                  </Form.Item>
                </div>
                <Form.Item noStyle shouldUpdate>
                  {() => {
                    const type = form.getFieldValue(['questions', field.name, 'type']) as QuestionType;
                    return type === 'choix_unique' || type === 'choix_multiple' ? (
                      <Form.Item
                        name={[field.name, 'options']}
                        label={m.options}
                        htmlFor={`question-${field.key}-options`}
                        rules={[{ validator: async (_r, value: string | undefined) => { if ((value ?? '').split('\n').filter((o) => o.trim()).length < 2) throw new Error(m.optionsRequired); } }]}
                      >
                        <Input.TextArea id={`question-${field.key}-options`} rows={3} />
                      </Form.Item>
                    ) : null;
                  }}
                </Form.Item>
                {fields.length > 1 ? (
                  <Button icon={<DeleteOutlined aria-hidden />} onClick={() => remove(field.name)} aria-label={`${m.remove} ${index + 1}`}>
                    {m.remove}
                  </Button>
                ) : null}
              </fieldset>
            ))}
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ ...DEFAULT_QUESTION })}>
              {m.add}
            </Button>
          </>
        )}
      </Form.List>
      <div className="questionnaire-editor__actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          {m.save}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{m.cancel}</Button> : null}
      </div>
    </Form>
  );
}
