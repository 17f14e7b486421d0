/**
 * The employer's and the funder's contacts of a student's enrolment (issue 29 item 4, docs/adr/0032
 * and 0054), on the admin's student page under the funding: who the « employeurs » and « financeurs »
 * questionnaires go to once the course or session ends, and a dialog that sets them.
 */
import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Skeleton } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { api } from '../../../lib/api';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import type { EnrolmentContactsRequest, EnrolmentContactsResponse } from '../../../lib/api-schema';
import { toast } from '../../../lib/feedback';
import './enrolment-funding.css';

const contactsTag = (student: number, course: number) => ({ type: 'Enrolment' as const, id: `CONTACTS-${student}-${course}` });

/** GET and PUT /admin/students/{id}/courses/{courseId}/contacts/. */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEnrolmentContacts: build.query<EnrolmentContactsResponse, { student: number; course: number }>({
      query: ({ student, course }) => `admin/students/${student}/courses/${course}/contacts/`,
      providesTags: (_r, _e, { student, course }) => [contactsTag(student, course)],
    }),
    setEnrolmentContacts: build.mutation<EnrolmentContactsResponse, { student: number; course: number; body: EnrolmentContactsRequest }>({
      query: ({ student, course, body }) => ({ url: `admin/students/${student}/courses/${course}/contacts/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { student, course }) => [contactsTag(student, course)],
    }),
  }),
});

export const { useGetEnrolmentContactsQuery, useSetEnrolmentContactsMutation } = contactsApi;

export const contactsMessages = {
  title: 'Contacts pour les questionnaires',
  help: 'L’employeur et le financeur reçoivent le questionnaire de satisfaction qui les concerne à la fin de la formation ou de la session.',
  loading: 'Chargement des contacts…',
  loadFailed: 'Les contacts n’ont pas pu être chargés.',
  edit: 'Modifier les contacts',
  employer: 'Employeur',
  funder: 'Financeur',
  notSet: 'Non renseigné',
  dialogTitle: (course: string) => `Contacts : ${course}`,
  employerSection: 'Contact chez l’employeur',
  funderSection: 'Contact chez le financeur',
  employerContactName: 'Nom du contact',
  employerEmail: 'E-mail de l’employeur',
  employerPhone: 'Téléphone (facultatif)',
  funderName: 'Nom du financeur',
  funderNamePlaceholder: 'OPCO EP, France Travail Île-de-France…',
  funderEmail: 'E-mail du financeur',
  save: 'Enregistrer',
  cancel: 'Annuler',
  saved: 'Contacts enregistrés.',
  unchanged: 'Aucun changement : ces contacts étaient déjà enregistrés.',
  failed: 'Les contacts n’ont pas été enregistrés.',
  employerEmailInvalid: 'L’adresse e-mail de l’employeur n’est pas valide (exemple : rh@entreprise.fr, 254 caractères au plus).',
  funderEmailInvalid: 'L’adresse e-mail du financeur n’est pas valide (exemple : contact@opco.fr, 254 caractères au plus).',
  phoneInvalid: 'Le téléphone de l’employeur n’est pas valide (chiffres, espaces, points, tirets, 30 caractères au plus).',
  nameTooLong: (what: string) => `${what} ne peut pas dépasser 200 caractères.`,
};
const cm = contactsMessages;

type Contacts = EnrolmentContactsResponse['contacts'];
const FORM_FIELDS = ['employer_contact_name', 'employer_email', 'employer_phone', 'funder_name', 'funder_email'] as const;
type FormValues = Partial<Record<(typeof FORM_FIELDS)[number], string>>;

const line = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');

/** The « Contacts pour les questionnaires » block of one followed course, and its edit button. */
export function EnrolmentContactsBlock({ student, course, courseTitle }: { student: number; course: number; courseTitle: string }) {
  const { data, error, isLoading } = useGetEnrolmentContactsQuery({ student, course });
  const [open, setOpen] = useState(false);
  if (isLoading) return <Skeleton active paragraph={{ rows: 1 }} title={false} aria-label={cm.loading} />;
  if (error || !data) return <p className="enrolment-funding__missing">{describeApiError(error).message ?? cm.loadFailed}</p>;
  const c = data.contacts;
  const employer = line(data.employer_name, c.employer_contact_name, c.employer_email, c.employer_phone);
  const funder = line(c.funder_name, c.funder_email);
  return (
    <section className="enrolment-funding" aria-label={`${cm.title} : ${courseTitle}`} data-testid={`contacts-${course}`}>
      <div className="enrolment-funding__head">
        <h3>{cm.title}</h3>
        <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(true)} aria-label={`${cm.edit} : ${courseTitle}`}>
          {cm.edit}
        </Button>
      </div>
      <dl className="enrolment-funding__fields">
        <div>
          <dt>{cm.employer}</dt>
          <dd>{c.employer_email || c.employer_contact_name ? employer : <span className="enrolment-funding__missing">{cm.notSet}</span>}</dd>
        </div>
        <div>
          <dt>{cm.funder}</dt>
          <dd>{funder || <span className="enrolment-funding__missing">{cm.notSet}</span>}</dd>
        </div>
      </dl>
      <EnrolmentContactsDialog open={open} onClose={() => setOpen(false)} state={data} courseTitle={courseTitle} />
    </section>
  );
}

const text = (value: string | undefined) => (value && value.trim() ? value.trim() : null);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 .()-]{6,30}$/;
const pattern = (re: RegExp, max: number, message: string) => ({
  validator: (_rule: unknown, value: string | undefined) => (!value?.trim() || (value.trim().length <= max && re.test(value.trim())) ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** The dialog that sets the enrolment's contacts (every field at once; blank = not known). */
export function EnrolmentContactsDialog({ open, onClose, state, courseTitle }: { open: boolean; onClose: () => void; state: EnrolmentContactsResponse; courseTitle: string }) {
  const [form] = Form.useForm<FormValues>();
  const [save, { isLoading, error, reset }] = useSetEnrolmentContactsMutation();
  const own: Contacts = state.contacts;
  const initialValues: FormValues = Object.fromEntries(FORM_FIELDS.map((field) => [field, own[field] ?? '']));
  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body: EnrolmentContactsRequest = Object.fromEntries(FORM_FIELDS.map((field) => [field, text(values[field])]));
    try {
      const saved = await save({ student: state.student_id, course: state.course_id, body }).unwrap();
      toast('success', saved.changed ? cm.saved : cm.unchanged, 2);
      close();
    } catch (failure) {
      const described = describeApiError(failure);
      const others = applyFieldErrors(form, described.fieldErrors, FORM_FIELDS);
      if (others.length > 0 || Object.keys(described.fieldErrors).length === 0) toast('error', [cm.failed, described.message].filter(Boolean).join(' '), 3);
    }
  };

  const failure = error ? describeApiError(error) : null;
  return (
    <Modal open={open} title={cm.dialogTitle(courseTitle)} okText={cm.save} cancelText={cm.cancel} onOk={() => void submit()} onCancel={close} confirmLoading={isLoading} destroyOnHidden width={640}>
      <p className="enrolment-funding__source">{cm.help}</p>
      {failure?.message && Object.keys(failure.fieldErrors).length === 0 && <Alert type="error" showIcon message={failure.message} className="enrolment-funding__alert" />}
      <Form form={form} layout="vertical" initialValues={initialValues} name={`contacts-${state.student_id}-${state.course_id}`}>
        <fieldset className="enrolment-contacts__group">
          <legend>{state.employer_name ? `${cm.employerSection} (${state.employer_name})` : cm.employerSection}</legend>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="employer_contact_name" label={cm.employerContactName} rules={[{ max: 200, message: cm.nameTooLong('Le nom du contact de l’employeur') }]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="employer_phone" label={cm.employerPhone} rules={[pattern(PHONE, 30, cm.phoneInvalid)]}>
                <Input inputMode="tel" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="employer_email" label={cm.employerEmail} rules={[pattern(EMAIL, 254, cm.employerEmailInvalid)]}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </fieldset>
        <fieldset className="enrolment-contacts__group">
          <legend>{cm.funderSection}</legend>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="funder_name" label={cm.funderName} rules={[{ max: 200, message: cm.nameTooLong('Le nom du financeur') }]}>
                <Input placeholder={cm.funderNamePlaceholder} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="funder_email" label={cm.funderEmail} rules={[pattern(EMAIL, 254, cm.funderEmailInvalid)]}>
                <Input type="email" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
        </fieldset>
      </Form>
    </Modal>
  );
}
