import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { EmptyText, WorkPage } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { useInviteAuditorMutation, useListAuditorsQuery, type AuditorView } from '../audit-api';
import { frenchDay } from '../format';
import { auditMessages as m } from '../messages';
import { ScopeFields, scopeBody, type ScopeValues } from './scope-fields';

const STATUS_TONES: Record<string, string> = { invite: 'info', actif: 'ok', expire: 'muted', revoque: 'danger' };

export function StatusTag({ status }: { status: string }) {
  return <Tag className={`audit-tag audit-tag--${STATUS_TONES[status] ?? 'muted'}`}>{m.admin.status[status] ?? status}</Tag>;
}

type InviteValues = ScopeValues & { full_name: string; email: string; organisation: string };

/** After an invitation: the e-mail's outcome and the one-use link, to hand over if the e-mail does not arrive. */
function InvitationResult({ email, sent, error, link, onClose }: { email: string; sent: boolean; error: string | null; link: string; onClose: () => void }) {
  return (
    <Modal open title={m.admin.invitationTitle} onOk={onClose} onCancel={onClose} okText="Terminé" cancelButtonProps={{ className: 'visually-hidden' }}>
      <Alert type={sent ? 'success' : 'warning'} showIcon title={sent ? m.admin.invited(email) : m.admin.invitedNoMail(error ?? '')} className="audit-alert" />
      <Typography.Paragraph>{m.admin.linkHint}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: link, tooltips: ['Copier le lien', 'Copié'] }} data-testid="invitation-link" className="audit-link">
        {link}
      </Typography.Paragraph>
    </Modal>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<InviteValues>();
  const [invite, { isLoading }] = useInviteAuditorMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ email: string; sent: boolean; error: string | null; link: string } | null>(null);
  if (result) return <InvitationResult {...result} onClose={onClose} />;
  const submit = async (values: InviteValues) => {
    setFailure(null);
    try {
      const answer = await invite({ full_name: values.full_name, email: values.email.trim(), organisation: values.organisation, ...scopeBody(values) }).unwrap();
      setResult({ email: answer.auditor.email, sent: answer.email_sent, error: answer.email_error, link: answer.invitation_url });
    } catch (error) {
      setFailure(describeApiError(error).message ?? m.loadFailed);
    }
  };
  return (
    <Modal open title={m.admin.add} onCancel={onClose} onOk={() => form.submit()} okText={m.admin.invite} cancelText="Annuler" confirmLoading={isLoading} destroyOnHidden>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" className="audit-alert" /> : null}
      <Form form={form} layout="vertical" name="invite-auditor" onFinish={submit} initialValues={{ all_courses: false }} requiredMark={false}>
        <Form.Item label={m.admin.name} name="full_name" rules={[{ required: true, whitespace: true, message: m.admin.required(m.admin.name) }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label={m.admin.email} name="email" rules={[{ required: true, message: m.admin.required(m.admin.email) }, { type: 'email', message: "L'adresse e-mail n'est pas valide." }]}>
          <Input maxLength={254} />
        </Form.Item>
        <Form.Item label={m.admin.organisation} name="organisation" extra={m.admin.organisationHint} rules={[{ required: true, whitespace: true, message: m.admin.required(m.admin.organisation) }]}>
          <Input maxLength={200} />
        </Form.Item>
        <ScopeFields />
      </Form>
    </Modal>
  );
}

/** /admin-auditors: the auditors, their state and end date; « Inviter un auditeur ». */
export function AdminAuditorsPage() {
  const { data, error, isLoading, refetch } = useListAuditorsQuery();
  const [inviting, setInviting] = useState(false);
  const failure = error ? describeApiError(error) : null;
  const columns: TableColumnsType<AuditorView> = [
    { title: m.admin.name, dataIndex: 'full_name', render: (name: string, a) => <Link to={`/admin-auditors/${a.id}`}>{name}</Link> },
    { title: m.admin.organisation, dataIndex: 'organisation', responsive: ['md'] },
    { title: m.admin.endsOn, dataIndex: 'ends_on', render: (day: string) => frenchDay(day) },
    { title: m.admin.scope, key: 'scope', render: (_, a) => (a.all_courses ? m.admin.allCourses : m.admin.coursesCount(a.course_ids.length)), responsive: ['sm'] },
    { title: 'État', dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
  ];
  return (
    <WorkPage title={m.admin.title} testId="admin-auditors" extra={<Button type="primary" onClick={() => setInviting(true)}>{m.admin.add}</Button>}>
      <p>{m.admin.intro}</p>
      {failure ? <Alert type="error" showIcon title={failure.message ?? m.loadFailed} role="alert" /> : null}
      <Table rowKey="id" loading={isLoading} columns={columns} dataSource={data ?? []} pagination={false} locale={{ emptyText: <EmptyText text={m.admin.none} /> }} scroll={data?.length ? { x: true } : undefined} />
      {inviting ? (
        <InviteDialog
          onClose={() => {
            setInviting(false);
            void refetch();
          }}
        />
      ) : null}
    </WorkPage>
  );
}
