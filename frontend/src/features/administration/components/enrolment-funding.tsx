/**
 * The funding of a student's enrolment in a course (issue 26 item 4, docs/adr/0032), on the admin's
 * student page: the effective values a certificate prints, each with where it comes from (set on
 * the enrolment, or « depuis le dossier de l'étudiant », its fallback), and a dialog that sets the
 * enrolment's own values (a blank field falls back on the student record again).
 */
import { useState } from 'react';
import { Alert, Button, Col, DatePicker, Form, Input, Modal, Row, Select, Skeleton } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import { api } from '../../../lib/api';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import type { EffectiveFundingValue, EnrolmentFundingRequest, EnrolmentFundingResponse } from '../../../lib/api-schema';
import { toast } from '../../../lib/feedback';
import './enrolment-funding.css';

dayjs.locale('fr');

type Funder = NonNullable<EnrolmentFundingRequest['funder']>;

const fundingTag = (student: number, course: number) => ({ type: 'Enrolment' as const, id: `FUNDING-${student}-${course}` });

/** GET and PUT /admin/students/{id}/courses/{courseId}/funding/. */
export const fundingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEnrolmentFunding: build.query<EnrolmentFundingResponse, { student: number; course: number }>({
      query: ({ student, course }) => `admin/students/${student}/courses/${course}/funding/`,
      providesTags: (_r, _e, { student, course }) => [fundingTag(student, course)],
    }),
    setEnrolmentFunding: build.mutation<EnrolmentFundingResponse, { student: number; course: number; body: EnrolmentFundingRequest }>({
      query: ({ student, course, body }) => ({ url: `admin/students/${student}/courses/${course}/funding/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { student, course }) => [fundingTag(student, course)],
    }),
  }),
});

export const { useGetEnrolmentFundingQuery, useSetEnrolmentFundingMutation } = fundingApi;

export const FUNDER_OPTIONS: { value: Funder; label: string }[] = [
  { value: 'cpf', label: 'CPF' },
  { value: 'opco', label: 'OPCO' },
  { value: 'france_travail', label: 'France Travail' },
  { value: 'employeur', label: 'Employeur' },
  { value: 'personnel', label: 'Financement personnel' },
  { value: 'autre', label: 'Autre' },
];

/** An employer is relevant when it pays (OPCO, employer) or when one is already set. */
const EMPLOYER_FUNDERS: readonly Funder[] = ['opco', 'employeur'];

export const fundingMessages = {
  title: 'Financement',
  loading: 'Chargement du financement…',
  loadFailed: 'Le financement n’a pas pu être chargé.',
  edit: 'Modifier le financement',
  funder: 'Financement',
  dossier: 'N° de dossier',
  employer: 'Employeur',
  siret: 'SIRET de l’employeur',
  entry: 'Date d’entrée',
  exit: 'Date de sortie',
  fromEnrolment: 'saisi pour ce cours',
  fromRecord: 'depuis le dossier de l’étudiant',
  notSet: 'Non renseigné',
  ended: 'Inscription terminée : son financement est conservé.',
  dialogTitle: (course: string) => `Financement : ${course}`,
  dialogHelp: 'Un champ laissé vide reprend la valeur du dossier de l’étudiant.',
  funderPlaceholder: 'Choisir le financeur',
  employerName: 'Nom de l’employeur',
  employerNamePlaceholder: 'Raison sociale',
  siretPlaceholder: '14 chiffres',
  datePlaceholder: 'JJ/MM/AAAA',
  save: 'Enregistrer',
  cancel: 'Annuler',
  saved: 'Financement enregistré.',
  unchanged: 'Aucun changement : ces valeurs étaient déjà enregistrées.',
  failed: 'Le financement n’a pas été enregistré.',
  datesOrder: 'La date de sortie ne peut pas précéder la date d’entrée.',
};
const fm = fundingMessages;

const frenchDate = (iso: string) => dayjs(iso, 'YYYY-MM-DD').format('DD/MM/YYYY');

function Source({ value }: { value: EffectiveFundingValue }) {
  if (value.source === null) return null;
  return <span className="enrolment-funding__source">{value.source === 'inscription' ? fm.fromEnrolment : fm.fromRecord}</span>;
}

function Effective({ label, value, date = false }: { label: string; value: EffectiveFundingValue; date?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value.value === null ? <span className="enrolment-funding__missing">{fm.notSet}</span> : date ? frenchDate(value.value) : value.value}
        <Source value={value} />
      </dd>
    </div>
  );
}

/** The « Financement » block of one followed course: effective values and their source, and the edit button. */
export function EnrolmentFundingBlock({ student, course, courseTitle }: { student: number; course: number; courseTitle: string }) {
  const { data, error, isLoading } = useGetEnrolmentFundingQuery({ student, course });
  const [open, setOpen] = useState(false);
  if (isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} aria-label={fm.loading} />;
  if (error || !data) return <p className="enrolment-funding__missing">{describeApiError(error).message ?? fm.loadFailed}</p>;
  const { effective } = data;
  const employer = effective.employer_name ? `${effective.employer_name}${effective.employer_siret ? ` (SIRET ${effective.employer_siret})` : ''}` : null;
  return (
    <section className="enrolment-funding" aria-label={`${fm.title} : ${courseTitle}`} data-testid={`funding-${course}`}>
      <div className="enrolment-funding__head">
        <h3>{fm.title}</h3>
        <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(true)} aria-label={`${fm.edit} : ${courseTitle}`}>
          {fm.edit}
        </Button>
      </div>
      {!data.enrolled && <p className="enrolment-funding__source">{fm.ended}</p>}
      <dl className="enrolment-funding__fields">
        <Effective label={fm.funder} value={effective.funding_label} />
        <Effective label={fm.dossier} value={effective.dossier_number} />
        {employer && (
          <div>
            <dt>{fm.employer}</dt>
            <dd>
              {employer}
              <span className="enrolment-funding__source">{fm.fromEnrolment}</span>
            </dd>
          </div>
        )}
        <Effective label={fm.entry} value={effective.entry_date} date />
        <Effective label={fm.exit} value={effective.exit_date} date />
      </dl>
      <EnrolmentFundingDialog open={open} onClose={() => setOpen(false)} funding={data} courseTitle={courseTitle} />
    </section>
  );
}

interface FormValues {
  funder?: Funder | null;
  dossier_number?: string;
  employer_name?: string;
  employer_siret?: string;
  entry_date?: Dayjs | null;
  exit_date?: Dayjs | null;
}
const FORM_FIELDS = ['funder', 'dossier_number', 'employer_name', 'employer_siret', 'entry_date', 'exit_date'] as const;

const toDay = (iso: string | null) => (iso ? dayjs(iso, 'YYYY-MM-DD') : null);
const fromDay = (day: Dayjs | null | undefined) => (day ? day.format('YYYY-MM-DD') : null);
const text = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

/** The dialog that sets the enrolment's own funding (every field at once; blank = the student record's value). */
export function EnrolmentFundingDialog({ open, onClose, funding, courseTitle }: { open: boolean; onClose: () => void; funding: EnrolmentFundingResponse; courseTitle: string }) {
  const [form] = Form.useForm<FormValues>();
  const [save, { isLoading, error, reset }] = useSetEnrolmentFundingMutation();
  const funder = Form.useWatch('funder', form);
  const own = funding.funding;
  const employerShown = (funder && EMPLOYER_FUNDERS.includes(funder)) || Boolean(own.employer_name || own.employer_siret);

  const initialValues: FormValues = {
    funder: own.funder,
    dossier_number: own.dossier_number ?? '',
    employer_name: own.employer_name ?? '',
    employer_siret: own.employer_siret ?? '',
    entry_date: toDay(own.entry_date),
    exit_date: toDay(own.exit_date),
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body: EnrolmentFundingRequest = {
      funder: values.funder ?? null,
      dossier_number: text(values.dossier_number),
      employer_name: text(values.employer_name),
      employer_siret: text(values.employer_siret),
      entry_date: fromDay(values.entry_date),
      exit_date: fromDay(values.exit_date),
    };
    try {
      const saved = await save({ student: funding.student_id, course: funding.course_id, body }).unwrap();
      toast('success', saved.changed ? fm.saved : fm.unchanged, 2);
      close();
    } catch (failure) {
      const described = describeApiError(failure);
      const others = applyFieldErrors(form, described.fieldErrors, FORM_FIELDS);
      if (others.length > 0 || Object.keys(described.fieldErrors).length === 0) toast('error', [fm.failed, described.message].filter(Boolean).join(' '), 3);
    }
  };

  const failure = error ? describeApiError(error) : null;
  return (
    <Modal
      open={open}
      title={fm.dialogTitle(courseTitle)}
      okText={fm.save}
      cancelText={fm.cancel}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={isLoading}
      destroyOnHidden
      width={640}
    >
      <p className="enrolment-funding__source">{fm.dialogHelp}</p>
      {failure?.message && Object.keys(failure.fieldErrors).length === 0 && <Alert type="error" showIcon message={failure.message} className="enrolment-funding__alert" />}
      <Form form={form} layout="vertical" initialValues={initialValues} name={`funding-${funding.student_id}-${funding.course_id}`}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="funder" label={fm.funder}>
              <Select allowClear placeholder={fm.funderPlaceholder} options={FUNDER_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="dossier_number" label={fm.dossier} rules={[{ max: 100, message: 'Le numéro de dossier ne peut pas dépasser 100 caractères.' }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        {employerShown && (
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="employer_name" label={fm.employerName} rules={[{ max: 200, message: 'Le nom de l’employeur ne peut pas dépasser 200 caractères.' }]}>
                <Input placeholder={fm.employerNamePlaceholder} autoComplete="organization" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="employer_siret" label={fm.siret}>
                <Input placeholder={fm.siretPlaceholder} inputMode="numeric" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="entry_date" label={fm.entry}>
              <DatePicker format="DD/MM/YYYY" placeholder={fm.datePlaceholder} className="enrolment-funding__date" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="exit_date"
              label={fm.exit}
              dependencies={['entry_date']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: Dayjs | null) => {
                    const start = getFieldValue('entry_date') as Dayjs | null;
                    return !value || !start || !value.isBefore(start, 'day') ? Promise.resolve() : Promise.reject(new Error(fm.datesOrder));
                  },
                }),
              ]}
            >
              <DatePicker format="DD/MM/YYYY" placeholder={fm.datePlaceholder} className="enrolment-funding__date" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
