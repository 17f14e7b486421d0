import { useState } from 'react';
import { Badge, Button, Form, Input, Modal, Select } from 'antd';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { useGetQuizAlertsQuery, useGrantAttemptMutation, useValidateByHandMutation } from '../assessment-api';
import type { QuizAlert, ValidationCategory } from '../assessment-types';
import { messages as m } from '../messages';

const CATEGORIES = Object.entries(m.alerts.categories).map(([value, label]) => ({ value: value as ValidationCategory, label }));

function ValidateDialog({ alert, onClose }: { alert: QuizAlert; onClose: () => void }) {
  const [form] = Form.useForm<{ category: ValidationCategory; reason: string }>();
  const [validate, { isLoading }] = useValidateByHandMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (values: { category: ValidationCategory; reason: string }) => {
    setFailure(null);
    try {
      await validate({ quizId: alert.quiz, studentId: alert.student, category: values.category, reason: values.reason.trim() }).unwrap();
      toast('success', m.alerts.validated, 2);
      onClose();
    } catch (error) {
      setFailure(describeApiError(error).message ?? m.alerts.failed);
    }
  };
  return (
    <Modal open title={m.alerts.validateTitle(alert.student_name, alert.quiz_title)} okText={m.alerts.validate} cancelText={m.common.cancel} onOk={() => form.submit()} onCancel={onClose} confirmLoading={isLoading} destroyOnHidden>
      <Form form={form} layout="vertical" name={`validate-${alert.quiz}-${alert.student}`} onFinish={(values) => void save(values)}>
        <Form.Item label={m.alerts.category} name="category" rules={[{ required: true, message: m.alerts.categoryRequired }]}>
          <Select options={CATEGORIES} />
        </Form.Item>
        <Form.Item label={m.alerts.reason} name="reason" extra={m.alerts.reasonHint} rules={[{ required: true, whitespace: true, message: m.alerts.reasonRequired }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        {failure ? <p className="quiz-feedback quiz-feedback--error" role="alert">{failure}</p> : null}
      </Form>
    </Modal>
  );
}

/**
 * The trainer's learners out of attempts below the pass mark (GET /quiz-alerts), each with « Accorder
 * une tentative » and « Valider à la main » (a motive and a reason). Nothing shows when there are none.
 */
export function QuizAlerts() {
  const { data } = useGetQuizAlertsQuery();
  const [grant, { isLoading: granting }] = useGrantAttemptMutation();
  const [validating, setValidating] = useState<QuizAlert | null>(null);
  if (!data || data.length === 0) return null;
  const onGrant = async (alert: QuizAlert) => {
    try {
      await grant({ quizId: alert.quiz, studentId: alert.student }).unwrap();
      toast('success', m.alerts.granted, 2);
    } catch (error) {
      toast('error', describeApiError(error).message ?? m.alerts.failed, 4);
    }
  };
  return (
    <section className="quiz-alerts" aria-labelledby="quiz-alerts-title" data-testid="quiz-alerts">
      <h2 id="quiz-alerts-title" className="quiz-alerts__title">
        {m.alerts.title} <Badge count={data.length} aria-label={m.alerts.badge(data.length)} />
      </h2>
      <p className="quiz-muted">{m.alerts.intro}</p>
      <ul className="quiz-alerts__list">
        {data.map((alert) => (
          <li key={`${alert.quiz}-${alert.student}`} className="quiz-alerts__item">
            <div className="quiz-alerts__who">
              <strong>{alert.student_name}</strong>
              <span>
                {m.alerts.quiz} : {alert.quiz_title}
              </span>
              <span className="quiz-muted">
                {m.alerts.score} : {m.alerts.scoreValue(alert.score, alert.total, alert.pass_mark)} · {m.alerts.attempts} : {alert.attempts}
              </span>
            </div>
            <div className="quiz-alerts__actions">
              <Button type="primary" loading={granting} onClick={() => void onGrant(alert)} aria-label={m.alerts.grantOf(alert.student_name)}>
                {m.alerts.grant}
              </Button>
              <Button onClick={() => setValidating(alert)} aria-label={m.alerts.validateOf(alert.student_name)}>
                {m.alerts.validate}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {validating ? <ValidateDialog alert={validating} onClose={() => setValidating(null)} /> : null}
    </section>
  );
}
