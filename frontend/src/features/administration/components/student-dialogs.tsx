import { useEffect, useState } from 'react';
import { Alert, Col, Form, Input, Modal, Row, Select } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import {
  useAssignTrainerMutation,
  useEnrolStudentMutation,
  useGetAllTrainersQuery,
  useGetAssignableCoursesQuery,
  useUpdateStudentRecordMutation,
} from '../admin-api';
import type { StudentRecord } from '../admin-types';
import { messages as m } from '../messages';
import { AccountPasswordDialog } from './password-dialog';
import { PersonFields } from './person-fields';
import { RecordFields } from './record-fields';

const failureText = (error: unknown, fallback: string) => describeApiError(error).message ?? fallback;

/** 'Assigner cours': a course chosen in a searchable list, then 'Assigner le cours "{title}" à {first name} ?' (03 §2). */
export function AssignCourseDialog({ student, open, onClose }: { student: StudentRecord; open: boolean; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | undefined>();
  const { data, isFetching } = useGetAssignableCoursesQuery(search, { skip: !open });
  const [enrol, { isLoading }] = useEnrolStudentMutation();
  const [modal, holder] = Modal.useModal();
  const courses = data?.results ?? [];
  const title = courses.find((c) => c.id === chosen)?.title ?? '';
  const submit = () => {
    if (!chosen) return;
    void modal.confirm({
      title: m.assignCourse.confirm(title, student.prenom || student.fullname),
      okText: m.assignCourse.yes,
      cancelText: m.detail.cancel,
      onOk: async () => {
        try {
          await enrol({ student: student.id, course: chosen }).unwrap();
          toast('success', m.assignCourse.done, 2);
          setChosen(undefined);
          onClose();
        } catch (error) {
          toast('error', [m.assignCourse.failed, describeApiError(error).message].filter(Boolean).join(' : '), 3);
        }
      },
    });
  };
  return (
    <Modal open={open} title={m.assignCourse.title} okText={m.assignCourse.submit} cancelText={m.detail.cancel} onOk={submit} onCancel={onClose} okButtonProps={{ disabled: !chosen }} confirmLoading={isLoading} destroyOnHidden>
      {holder}
      <Form layout="vertical">
        <Form.Item label={m.assignCourse.label} htmlFor="assign-course-select">
          <Select
            id="assign-course-select"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={isFetching}
            placeholder={m.assignCourse.placeholder}
            value={chosen}
            onChange={setChosen}
            options={courses.map((course) => ({ value: course.id, label: course.title }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 'Assigner formateur': a trainer (first name, last name, e-mail) who will follow the student ('Assignation...' while saving). */
export function AssignTrainerDialog({ student, open, onClose, assigned }: { student: StudentRecord; open: boolean; onClose: () => void; assigned: number[] }) {
  const [chosen, setChosen] = useState<number | undefined>();
  const { data: trainers } = useGetAllTrainersQuery(undefined, { skip: !open });
  const [assign, { isLoading }] = useAssignTrainerMutation();
  const submit = async () => {
    if (!chosen) return;
    try {
      await assign({ formateur: chosen, student: student.id }).unwrap();
      toast('success', m.assignTrainer.done, 2);
      setChosen(undefined);
      onClose();
    } catch (error) {
      toast('error', failureText(error, m.assignTrainer.failed), 3);
    }
  };
  return (
    <Modal
      open={open}
      title={m.assignTrainer.title}
      okText={isLoading ? m.assignTrainer.saving : m.assignTrainer.submit}
      cancelText={m.detail.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: !chosen }}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={m.assignTrainer.label} htmlFor="assign-trainer-select">
          <Select
            id="assign-trainer-select"
            placeholder={m.assignTrainer.placeholder}
            value={chosen}
            onChange={setChosen}
            options={(trainers ?? [])
              .filter((t) => t.is_active && !assigned.includes(t.id))
              .map((t) => ({ value: t.id, label: `${t.full_name} (${t.email})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface EditValues {
  prenom: string;
  nom: string;
  email: string;
  telephone?: string;
  numero_dossier?: string;
  type_dossier?: string;
  type_formation?: string;
  formations?: string;
  date_entree?: string;
  date_sortie?: string;
}
const EDIT_FIELDS = ['prenom', 'nom', 'email', 'telephone', 'numero_dossier', 'type_dossier', 'type_formation', 'formations', 'date_entree', 'date_sortie'] as const;

/** "Modifier l'étudiant": the record's fields; the LMS username shown, not editable (ADR 0015). */
export function EditStudentDialog({ student, open, onClose }: { student: StudentRecord; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<EditValues>();
  const [update, { isLoading }] = useUpdateStudentRecordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setFailure(null);
      form.setFieldsValue({ ...student, numero_dossier: student.numero_dossier ?? '', formations: student.formations.join('\n'), date_entree: student.date_entree ?? '', date_sortie: student.date_sortie ?? '' });
    }
  }, [open, student, form]);
  const submit = async (values: EditValues) => {
    setFailure(null);
    try {
      await update({
        id: student.id,
        body: {
          prenom: values.prenom.trim(), nom: values.nom.trim(), email: values.email.trim(), telephone: values.telephone?.trim() ?? '',
          numero_dossier: values.numero_dossier?.trim() ?? '', type_dossier: values.type_dossier?.trim() ?? '', type_formation: values.type_formation?.trim() ?? '',
          formations: (values.formations ?? '').split('\n').map((f) => f.trim()).filter(Boolean), date_entree: values.date_entree || null, date_sortie: values.date_sortie || null,
        },
      }).unwrap();
      toast('success', m.editStudent.saved, 2);
      onClose();
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, EDIT_FIELDS);
      setFailure([m.editStudent.failed, ...(described.status === 409 && described.message ? [described.message] : others)].join(' '));
    }
  };
  return (
    <Modal open={open} title={m.editStudent.title} okText={m.editStudent.save} cancelText={m.detail.cancel} onOk={() => form.submit()} onCancel={onClose} confirmLoading={isLoading} width={680} forceRender>
      <Form<EditValues> form={form} layout="vertical" name={`edit-student-${student.id}`} onFinish={submit}>
        <Row gutter={12}>
          <PersonFields />
          <Col xs={24}>
            <Form.Item label={m.detail.username} extra={m.editStudent.readOnly} htmlFor={`edit-student-username-${student.id}`}>
              <Input id={`edit-student-username-${student.id}`} value={student.nom_utilisateur_lms} disabled />
            </Form.Item>
          </Col>
          <RecordFields />
        </Row>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
    </Modal>
  );
}

/** 'Mot de passe': a new password for the student's account, e-mailed to them unless unticked (03 §2). */
export function PasswordDialog({ student, open, onClose }: { student: StudentRecord; open: boolean; onClose: () => void }) {
  return <AccountPasswordDialog userId={student.user_read.id} formName={`student-password-${student.id}`} sendEmailLabel={m.password.sendEmail} open={open} onClose={onClose} />;
}
