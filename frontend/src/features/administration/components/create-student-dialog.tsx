import { useEffect, useRef, useState } from 'react';
import { Alert, Checkbox, Col, Form, Modal, Row, Select } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { useCreateStudentRecordMutation, useGetAllTrainersQuery } from '../admin-api';
import type { CreateStudentRequest } from '../admin-types';
import { messages as m } from '../messages';
import { LoginFields, PersonFields } from './person-fields';
import { RecordFields } from './record-fields';

interface Values {
  prenom: string;
  nom: string;
  email: string;
  telephone?: string;
  nom_utilisateur_lms: string;
  mot_de_passe_lms: string;
  numero_dossier?: string;
  type_dossier?: string;
  type_formation?: string;
  formations?: string;
  date_entree?: string;
  date_sortie?: string;
  formateur_id?: number;
  send_welcome_email: boolean;
}

const FIELDS = ['prenom', 'nom', 'email', 'telephone', 'nom_utilisateur_lms', 'mot_de_passe_lms', 'numero_dossier', 'type_dossier', 'type_formation', 'formations', 'date_entree', 'date_sortie', 'formateur_id', 'send_welcome_email'] as const;
/** The nested user's fields are the record's own on this form (ADR 0015: one person, one login). */
const NESTED: Record<string, (typeof FIELDS)[number]> = { 'user.username': 'nom_utilisateur_lms', 'user.email': 'email', 'user.password': 'mot_de_passe_lms', username: 'nom_utilisateur_lms', password: 'mot_de_passe_lms' };

/** How long the dialog shows its outcome before closing (03 §9: 2,000 ms). */
const CLOSE_AFTER_MS = 2000;

function requestOf(values: Values): CreateStudentRequest {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const email = values.email.trim();
  return {
    prenom: values.prenom.trim(),
    nom: values.nom.trim(),
    email,
    telephone: text(values.telephone),
    nom_utilisateur_lms: values.nom_utilisateur_lms.trim(),
    mot_de_passe_lms: values.mot_de_passe_lms,
    numero_dossier: text(values.numero_dossier),
    type_dossier: text(values.type_dossier),
    type_formation: text(values.type_formation),
    formations: (values.formations ?? '').split('\n').map((f) => f.trim()).filter(Boolean),
    date_entree: values.date_entree || null,
    date_sortie: values.date_sortie || null,
    formateur_id: values.formateur_id,
    send_welcome_email: values.send_welcome_email,
    user: { username: values.nom_utilisateur_lms.trim(), email, password: values.mot_de_passe_lms },
  };
}

/**
 * 'Nouvel Étudiant' (03 §2, §8): the administrative record and the account in one form, the
 * welcome e-mail on by default; 'Ajout en cours...' while it is sent; the outcome in the dialog
 * (with the e-mail's, when it could not leave), closed 2 s after a success.
 */
export function CreateStudentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [create, { isLoading }] = useCreateStudentRecordMutation();
  const { data: trainers } = useGetAllTrainersQuery(undefined, { skip: !open });
  const [outcome, setOutcome] = useState<{ type: 'success' | 'warning' | 'error'; text: string } | null>(null);
  const closing = useRef<number | null>(null);

  useEffect(() => () => {
    if (closing.current) window.clearTimeout(closing.current);
  }, []);

  const close = () => {
    if (closing.current) window.clearTimeout(closing.current);
    closing.current = null;
    setOutcome(null);
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    setOutcome(null);
    try {
      const created = await create(requestOf(values)).unwrap();
      if (created.email_error) setOutcome({ type: 'warning', text: m.createStudent.failed + m.createStudent.emailFailed });
      else setOutcome({ type: 'success', text: m.createStudent.created + (values.send_welcome_email ? m.createStudent.welcomeSent : '') });
      closing.current = window.setTimeout(close, CLOSE_AFTER_MS);
    } catch (error) {
      const described = describeApiError(error);
      const fieldErrors = Object.fromEntries(Object.entries(described.fieldErrors).map(([name, errors]) => [NESTED[name] ?? name, errors]));
      const others = applyFieldErrors(form, fieldErrors, FIELDS);
      setOutcome({ type: 'error', text: [m.createStudent.failed, ...(described.status === 409 && described.message ? [described.message] : others)].join(' ') });
    }
  };

  return (
    <Modal
      open={open}
      title={m.createStudent.title}
      okText={isLoading ? m.createStudent.submitting : m.createStudent.submit}
      cancelText={m.createStudent.cancel}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={isLoading}
      okButtonProps={{ disabled: outcome?.type === 'success' || outcome?.type === 'warning' }}
      destroyOnHidden
      width={720}
    >
      <Form<Values> form={form} layout="vertical" name="create-student" onFinish={submit} initialValues={{ send_welcome_email: true }} requiredMark>
        <Row gutter={12}>
          <PersonFields />
          <LoginFields passwordHelp={m.createStudent.passwordHelp} />
          <RecordFields />
          <Col xs={24}>
            <Form.Item name="formateur_id" label={m.createStudent.trainer}>
              <Select
                allowClear
                placeholder={m.createStudent.noTrainer}
                options={(trainers ?? []).filter((t) => t.is_active).map((t) => ({ value: t.id, label: `${t.full_name} (${t.email})` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="send_welcome_email" valuePropName="checked">
              <Checkbox>{m.createStudent.welcome}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {outcome ? <Alert type={outcome.type} showIcon title={outcome.text} role={outcome.type === 'error' ? 'alert' : 'status'} /> : null}
    </Modal>
  );
}
