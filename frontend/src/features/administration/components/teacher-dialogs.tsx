import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Col, Form, Input, Modal, Row, Select, type FormInstance } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import type { CreateTrainerRequest, TeacherListItem } from '../admin-types';
import { useAdminTeachersAssignCourseMutation, useAdminTeachersCreateMutation, useAdminTeachersUnassignedCoursesQuery, useAdminTeachersUpdateMutation } from '../teachers-api';
import { teacherMessages as t } from '../teachers-messages';
import { AccountPasswordDialog } from './password-dialog';
import { LoginFields, PersonFields } from './person-fields';

/** The trainer's own fields, shared by the create and edit dialogs. */
interface TrainerValues {
  prenom: string;
  nom: string;
  email: string;
  telephone?: string;
  calendly?: string;
}
const TRAINER_FIELDS = ['prenom', 'nom', 'email', 'telephone', 'calendly'] as const;

const optional = (value: string | undefined) => value?.trim() ?? '';
const trainerBody = (values: TrainerValues) => ({
  prenom: values.prenom.trim(),
  nom: values.nom.trim(),
  email: values.email.trim(),
  telephone: optional(values.telephone),
  calendly: optional(values.calendly),
});

type Failure = { title: string; detail: string | null } | null;

/** The server's failure under the fields it names; in the dialog, its own message for a conflict (a taken e-mail or login), else what no field shows. */
function failureOf(error: unknown, form: FormInstance, fields: readonly string[], title: string, renamed: Record<string, string> = {}): Failure {
  const described = describeApiError(error);
  const fieldErrors = Object.fromEntries(Object.entries(described.fieldErrors).map(([name, errors]) => [renamed[name] ?? name, errors]));
  const others = applyFieldErrors(form, fieldErrors, fields);
  return { title, detail: described.status === 409 && described.message ? described.message : others.join(' ') || null };
}

/** The create and edit dialogs: the trainer's fields, then the dialog's own (`children`), and the failure under them. */
function TrainerDialog<V extends TrainerValues>(props: {
  title: string;
  okText: string;
  name: string;
  form: FormInstance<V>;
  onFinish: (values: V) => void;
  loading: boolean;
  failure: Failure;
  onClose: () => void;
  children: ReactNode;
}) {
  const { title, okText, name, form, onFinish, loading, failure, onClose, children } = props;
  return (
    <Modal open title={title} okText={okText} cancelText={t.create.cancel} onOk={() => form.submit()} onCancel={onClose} confirmLoading={loading} width={680}>
      <Form<V> form={form} layout="vertical" name={name} onFinish={onFinish} requiredMark>
        <Row gutter={12}>
          <PersonFields emailHelp={t.fields.emailHelp} />
          <Col xs={24}>
            <Form.Item name="calendly" label={t.fields.calendly} extra={t.fields.calendlyHelp} rules={[{ type: 'url', message: t.fields.calendlyInvalid }]}>
              <Input type="url" autoComplete="off" maxLength={500} placeholder="https://calendly.com/…" />
            </Form.Item>
          </Col>
          {children}
        </Row>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure.title} description={failure.detail} role="alert" /> : null}
    </Modal>
  );
}

interface CreateValues extends TrainerValues {
  nom_utilisateur_lms: string;
  mot_de_passe_lms: string;
}
const CREATE_FIELDS = [...TRAINER_FIELDS, 'nom_utilisateur_lms', 'mot_de_passe_lms'] as const;
/** The nested user's fields are the form's own: its e-mail is the trainer's (one person, one login). */
const NESTED: Record<string, string> = { 'user.username': 'nom_utilisateur_lms', 'user.email': 'email', 'user.password': 'mot_de_passe_lms' };

/**
 * 'Nouveau Formateur' (03 §3, §5, §8): prénom, nom, e-mail, the login and password required; the
 * phone and the Calendly link (a URL) optional. 'Le formateur a été créé avec succès.' closes it;
 * a failure stays in the dialog with the server's reason (a taken e-mail or login under its field).
 */
export function CreateTeacherDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CreateValues>();
  const [create, { isLoading }] = useAdminTeachersCreateMutation();
  const [failure, setFailure] = useState<Failure>(null);
  const submit = async (values: CreateValues) => {
    setFailure(null);
    const user = { username: values.nom_utilisateur_lms.trim(), email: values.email.trim(), password: values.mot_de_passe_lms };
    const body: CreateTrainerRequest = { ...trainerBody(values), user };
    try {
      await create(body).unwrap();
      toast('success', t.create.created, 2);
      onClose();
    } catch (error) {
      setFailure(failureOf(error, form, CREATE_FIELDS, t.create.failed, NESTED));
    }
  };
  return (
    <TrainerDialog<CreateValues> title={t.create.title} okText={t.create.submit} name="create-teacher" form={form} onFinish={(values) => void submit(values)} loading={isLoading} failure={failure} onClose={onClose}>
      <LoginFields usernameLabel={t.fields.username} passwordHelp={t.fields.passwordHelp} />
    </TrainerDialog>
  );
}

/** The account as the list gives it; the spec allows an object without id or username (or a bare id). */
function accountOf(teacher: TeacherListItem): { id?: number; username?: string } {
  const account: unknown = teacher.user_read;
  return typeof account === 'object' && account !== null ? (account as { id?: number; username?: string }) : {};
}

/**
 * 'Modifier' (03 §3, §5): prénom, nom and the e-mail (the login's too) required; the username shown
 * but not editable. Without the account's id or username, 'Informations utilisateur incomplètes.
 * Veuillez vérifier.' and nothing is sent.
 */
export function EditTeacherDialog({ teacher, onClose }: { teacher: TeacherListItem; onClose: () => void }) {
  const [form] = Form.useForm<TrainerValues>();
  const [update, { isLoading }] = useAdminTeachersUpdateMutation();
  const [failure, setFailure] = useState<Failure>(null);
  const account = accountOf(teacher);
  useEffect(() => {
    form.setFieldsValue({ prenom: teacher.prenom, nom: teacher.nom, email: teacher.email, telephone: teacher.telephone, calendly: teacher.calendly });
  }, [teacher, form]);
  const submit = async (values: TrainerValues) => {
    setFailure(null);
    if (!account.id || !account.username) {
      setFailure({ title: t.edit.incomplete, detail: null });
      return;
    }
    try {
      await update({ id: teacher.id, body: trainerBody(values) }).unwrap();
      toast('success', t.edit.saved, 2);
      onClose();
    } catch (error) {
      setFailure(failureOf(error, form, TRAINER_FIELDS, t.edit.failed));
    }
  };
  return (
    <TrainerDialog<TrainerValues> title={t.edit.title} okText={t.edit.save} name={`edit-teacher-${teacher.id}`} form={form} onFinish={(values) => void submit(values)} loading={isLoading} failure={failure} onClose={onClose}>
      <Col xs={24}>
        <Form.Item label={t.fields.username} extra={t.edit.readOnly} htmlFor={`edit-teacher-username-${teacher.id}`}>
          <Input id={`edit-teacher-username-${teacher.id}`} value={account.username ?? ''} disabled />
        </Form.Item>
      </Col>
    </TrainerDialog>
  );
}

/** 'Mot de passe' for the trainer's account, e-mailed to them unless unticked. */
export function TeacherPasswordDialog({ teacher, onClose }: { teacher: TeacherListItem; onClose: () => void }) {
  return <AccountPasswordDialog userId={teacher.user_read.id} formName={`teacher-password-${teacher.id}`} sendEmailLabel={t.password.sendEmail} open onClose={onClose} />;
}

/**
 * 'Assigner un cours' (03 §4, §5, §8): the courses no trainer teaches, read when the dialog opens;
 * 'Assigner' stays disabled until one is chosen ('Veuillez sélectionner un cours'). A course taken
 * meanwhile is refused by the server (409): its reason is shown and the list read again.
 */
export function AssignTeacherCourseDialog({ teacher, onClose }: { teacher: TeacherListItem; onClose: () => void }) {
  const [chosen, setChosen] = useState<number | undefined>();
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const { data, isFetching, isError, refetch } = useAdminTeachersUnassignedCoursesQuery(teacher.id, { refetchOnMountOrArgChange: true });
  const [assign, { isLoading }] = useAdminTeachersAssignCourseMutation();
  const courses = data?.results ?? [];
  const submit = async () => {
    if (!chosen) return;
    setFailure(null);
    try {
      await assign({ id: teacher.id, course_id: chosen }).unwrap();
      toast('success', t.assignCourse.done, 2);
      onClose();
    } catch (error) {
      const described = describeApiError(error);
      setFailure({ detail: described.message });
      if (described.status === 409) {
        setChosen(undefined);
        void refetch();
      }
    }
  };
  let body;
  if (isError) body = <Alert type="error" showIcon title={t.assignCourse.loadFailed} role="alert" />;
  else if (data && courses.length === 0) body = <Alert type="info" showIcon title={t.assignCourse.none} description={t.assignCourse.noneHelp} />;
  else {
    body = (
      <Form layout="vertical">
        <Form.Item label={t.assignCourse.label} htmlFor="assign-teacher-course-select" extra={chosen ? undefined : t.assignCourse.choose}>
          <Select
            id="assign-teacher-course-select"
            showSearch={{ optionFilterProp: 'label' }}
            loading={isFetching}
            placeholder={t.assignCourse.placeholder}
            value={chosen}
            onChange={(value: number) => {
              setChosen(value);
              setFailure(null);
            }}
            options={courses.map((course) => ({ value: course.id, label: course.title }))}
          />
        </Form.Item>
      </Form>
    );
  }
  return (
    <Modal
      open
      title={t.assignCourse.title(teacher.full_name)}
      okText={t.assignCourse.submit}
      cancelText={t.assignCourse.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: !chosen }}
      confirmLoading={isLoading}
    >
      {body}
      {failure ? <Alert type="error" showIcon title={t.assignCourse.failed} description={failure.detail} role="alert" /> : null}
    </Modal>
  );
}
