import { useState } from 'react';
import { Button, Checkbox, Form, Input, Modal, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { confirmRemoval } from '../../../components/confirm';
import { StatusMessage } from '../../../components/status';
import { WorkPage } from '../../../components/work-page';
import { messages as m } from '../messages';
import { useGetXapiCredentialsQuery, useIssueXapiCredentialMutation, useRevokeXapiCredentialMutation } from '../xapi-api';
import { XAPI_SCOPES, type IssuedXapiCredential, type XapiCredential, type XapiScope } from '../xapi-types';
import '../xapi.css';

interface AccessValues {
  name: string;
  scopes: XapiScope[];
}

const DEFAULT_SCOPES: XapiScope[] = ['statements/write', 'statements/read/mine', 'state', 'profile'];
const day = (iso: string) => new Date(iso).toLocaleDateString('fr-FR');

/** The new access's key and secret, shown this once (the server keeps only the secret's sha256). */
function SecretDialog({ issued, onClose }: { issued: IssuedXapiCredential | null; onClose: () => void }) {
  return (
    <Modal
      open={issued !== null}
      title={m.secretTitle}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {m.close}
        </Button>
      }
      destroyOnHidden
    >
      {issued ? (
        <div className="xapi-secret">
          <p>{m.secretWarning}</p>
          <dl>
            <dt>{m.key}</dt>
            <dd>
              <code data-testid="xapi-key">{issued.key}</code>
            </dd>
            <dt>{m.secret}</dt>
            <dd>
              <code data-testid="xapi-secret">{issued.secret}</code>
            </dd>
          </dl>
        </div>
      ) : null}
    </Modal>
  );
}

/** /admin-xapi: the activity providers' accesses to the LRS: created with a name and scopes (secret shown once), revoked after a confirmation. */
export function XapiCredentialsPage() {
  const [form] = Form.useForm<AccessValues>();
  const [issued, setIssued] = useState<IssuedXapiCredential | null>(null);
  const [modal, holder] = Modal.useModal();
  const { data, isLoading, error } = useGetXapiCredentialsQuery();
  const [issue, { isLoading: sending }] = useIssueXapiCredentialMutation();
  const [revoke] = useRevokeXapiCredentialMutation();
  const endpoint = `${window.location.origin}/api/xapi`;

  const submit = async (values: AccessValues) => {
    try {
      setIssued(await issue({ name: values.name, scopes: values.scopes }).unwrap());
      form.resetFields();
    } catch (caught) {
      const described = describeApiError(caught);
      const others = applyFieldErrors(form, described.fieldErrors, ['name', 'scopes']);
      if (others.length || !Object.keys(described.fieldErrors).length) toast('error', others[0] ?? described.message ?? m.createFailed);
    }
  };

  const confirmRevoke = (credential: XapiCredential) =>
    void confirmRemoval(modal, {
      title: m.revokeConfirm(credential.name),
      yes: m.revokeOk,
      cancel: m.cancel,
      remove: () => revoke(credential.id).unwrap(),
      done: () => m.revokedToast,
      failed: (caught) => describeApiError(caught).message ?? m.revokeFailed,
    });

  const columns: TableColumnsType<XapiCredential> = [
    { key: 'name', title: m.columns.name, render: (_, c) => <strong>{c.name}</strong> },
    { key: 'key', title: m.columns.key, responsive: ['md'], render: (_, c) => <code>{c.key}</code> },
    {
      key: 'scopes',
      title: m.columns.scopes,
      responsive: ['lg'],
      render: (_, c) => c.scopes.map((scope) => <Tag key={scope}>{m.scopeLabels[scope as XapiScope] ?? scope}</Tag>),
    },
    { key: 'created', title: m.columns.created, responsive: ['sm'], render: (_, c) => day(c.created_at) },
    {
      key: 'status',
      title: m.columns.status,
      render: (_, c) => (c.revoked_at ? <span className="xapi-muted">{m.revoked(day(c.revoked_at))}</span> : <span className="xapi-active">{m.active}</span>),
    },
    {
      key: 'actions',
      title: m.columns.actions,
      width: 120,
      render: (_, c) =>
        c.revoked_at ? null : (
          <Button danger icon={<StopOutlined />} aria-label={m.revokeLabel(c.name)} onClick={() => confirmRevoke(c)}>
            {m.revoke}
          </Button>
        ),
    },
  ];

  return (
    <WorkPage title={m.title} className="xapi-page">
      {holder}
      <p>{m.intro}</p>
      <p>
        {m.endpoint} <code>{endpoint}</code>
      </p>
      <section aria-labelledby="xapi-new-access" className="xapi-new">
        <h2 id="xapi-new-access">{m.newAccess}</h2>
        <Form<AccessValues> form={form} name="xapi-access" layout="vertical" initialValues={{ name: '', scopes: DEFAULT_SCOPES }} onFinish={(values) => void submit(values)}>
          <Form.Item name="name" label={m.name} rules={[{ required: true, whitespace: true, message: m.nameRequired }]}>
            <Input maxLength={100} placeholder={m.namePlaceholder} />
          </Form.Item>
          {/* A validator rather than `required`: antd would put aria-required on the group's div, which axe refuses. */}
          <Form.Item name="scopes" label={m.scopes} rules={[{ validator: (_, value?: XapiScope[]) => (value?.length ? Promise.resolve() : Promise.reject(new Error(m.scopesRequired))) }]}>
            <Checkbox.Group className="xapi-scopes" options={XAPI_SCOPES.map((scope) => ({ value: scope, label: m.scopeLabels[scope] }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={sending}>
            {m.create}
          </Button>
        </Form>
      </section>
      {isLoading ? <Spin aria-label={m.loading} /> : null}
      {error ? <StatusMessage kind="failure" title={m.loadFailed} /> : null}
      {data && data.length === 0 ? <p className="xapi-muted">{m.empty}</p> : null}
      {data && data.length > 0 ? <Table<XapiCredential> rowKey="id" columns={columns} dataSource={data} pagination={false} /> : null}
      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
    </WorkPage>
  );
}
