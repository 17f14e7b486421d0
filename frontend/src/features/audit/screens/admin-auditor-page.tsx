import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Modal, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useParams } from 'react-router-dom';
import { EmptyText, LoadState, WorkPage } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { useChangeAuditorMutation, useEndAuditorMutation, useGetAuditorAccessesQuery, useGetAuditorQuery, type AuditorAccessView, type AuditorView } from '../audit-api';
import { frenchDay, parisDateTime } from '../format';
import { auditMessages as m } from '../messages';
import { StatusTag } from './admin-auditors-page';
import { ScopeFields, scopeBody, type ScopeValues } from './scope-fields';

function ScopeForm({ auditor, onSaved }: { auditor: AuditorView; onSaved: () => void }) {
  const [change, { isLoading }] = useChangeAuditorMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: ScopeValues) => {
    setFailure(null);
    try {
      await change({ id: auditor.id, body: scopeBody(values) }).unwrap();
      toast('success', m.admin.saved);
      onSaved();
    } catch (error) {
      setFailure(describeApiError(error).message ?? m.loadFailed);
    }
  };
  return (
    <Form
      layout="vertical"
      name="auditor-scope"
      onFinish={submit}
      requiredMark={false}
      initialValues={{ ends_on: dayjs(auditor.ends_on), all_courses: auditor.all_courses, course_ids: auditor.course_ids }}
    >
      {failure ? <Alert type="error" showIcon title={failure} role="alert" className="audit-alert" /> : null}
      <ScopeFields />
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {m.admin.save}
      </Button>
    </Form>
  );
}

/** /admin-auditors/{id}: the auditor, their end date and scope (editable), the revocation, the access log. */
export function AdminAuditorPage() {
  const id = Number(useParams().auditorId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, isLoading, refetch } = useGetAuditorQuery(id, { skip: !valid });
  const accesses = useGetAuditorAccessesQuery(id, { skip: !valid });
  const [end, { isLoading: ending }] = useEndAuditorMutation();
  const failure = error ? describeApiError(error) : null;
  const revoke = () =>
    Modal.confirm({
      title: m.admin.revoke,
      content: m.admin.revokeConfirm,
      okText: m.admin.revoke,
      okButtonProps: { danger: true },
      cancelText: 'Annuler',
      onOk: async () => {
        try {
          await end(id).unwrap();
          toast('success', m.admin.revoked);
          void refetch();
        } catch (e) {
          toast('error', describeApiError(e).message ?? m.loadFailed);
        }
      },
    });
  const columns: TableColumnsType<AuditorAccessView> = [
    { title: m.admin.at, dataIndex: 'occurred_at', render: (at: string) => parisDateTime(at) },
    { title: m.admin.what, dataIndex: 'what', render: (what: string) => m.admin.whatLabels[what] ?? what },
    {
      title: m.admin.ids,
      key: 'ids',
      render: (_, a) => [a.course_id ? `cours ${a.course_id}` : null, a.student_id ? `apprenant ${a.student_id}` : null, a.document_id ? `document ${a.document_id}` : null].filter(Boolean).join(' · '),
    },
  ];
  return (
    <WorkPage
      title={data ? m.admin.detailTitle(data.full_name) : m.admin.title}
      back={{ to: '/admin-auditors', label: m.admin.back }}
      testId="admin-auditor"
      extra={data && data.status !== 'revoque' ? <Button danger loading={ending} onClick={revoke}>{m.admin.revoke}</Button> : undefined}
    >
      <LoadState loading={valid && isLoading} failed={Boolean(failure)} notFound={!valid || failure?.status === 404} failure={failure?.message ?? m.loadFailed} />
      {data ? (
        <>
          <Descriptions bordered column={1} size="small" className="audit-card">
            <Descriptions.Item label={m.admin.email}>{data.email}</Descriptions.Item>
            <Descriptions.Item label={m.admin.organisation}>{data.organisation}</Descriptions.Item>
            <Descriptions.Item label={m.admin.endsOn}>{frenchDay(data.ends_on)}</Descriptions.Item>
            <Descriptions.Item label="État">
              <StatusTag status={data.status} />
            </Descriptions.Item>
          </Descriptions>
          {data.status !== 'revoque' ? (
            <Card title={m.admin.mission} className="audit-card">
              <ScopeForm key={`${data.ends_on}-${data.all_courses}-${data.course_ids.join(',')}`} auditor={data} onSaved={() => void refetch()} />
            </Card>
          ) : null}
          <Card title={m.admin.accesses} className="audit-card">
            <Table rowKey="position" size="small" loading={accesses.isLoading} columns={columns} dataSource={accesses.data ?? []} pagination={{ pageSize: 20, hideOnSinglePage: true }} locale={{ emptyText: <EmptyText text={m.admin.noAccesses} /> }} />
          </Card>
        </>
      ) : null}
    </WorkPage>
  );
}
