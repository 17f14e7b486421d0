import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import type { FormInstance } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { EmptyText, LoadState, WorkPage } from '../../../components/work-page';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { downloadWithSession } from '../../../lib/download';
import { toast } from '../../../lib/feedback';
import { ImprovementFormFields, type ImprovementValues } from '../components/improvement-form';
import { formatDateTime, formatDay, newKey } from '../format';
import { improvementStatuses, messages, sources } from '../messages';
import { paramsOf, useGetImprovementActionsQuery, useOpenImprovementActionMutation, useUpdateImprovementActionMutation } from '../quality-api';
import type { ImprovementAction, ImprovementSource, ImprovementStatus } from '../quality-types';
import '../quality.css';

const m = messages.improvements;

function fail(error: unknown, form: FormInstance, fields: string[]) {
  const described = describeApiError(error);
  const others = applyFieldErrors(form, described.fieldErrors, fields);
  toast('error', others[0] ?? described.message ?? messages.failed);
}

function NewAction({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<ImprovementValues & { source?: ImprovementSource }>();
  const [open, opening] = useOpenImprovementActionMutation();
  // One key per form: « Enregistrer » clicked twice, or sent again after a lost answer, opens one action (ADR 0022).
  const [requestKey] = useState(newKey);
  const submit = async (values: ImprovementValues & { source?: ImprovementSource }) => {
    try {
      await open({ source: values.source, description: values.description ?? '', owner: values.owner || null, due_on: values.due_on || null, request_key: requestKey }).unwrap();
      toast('success', m.created);
      onDone();
    } catch (error) {
      fail(error, form, ['source', 'description', 'owner', 'due_on']);
    }
  };
  return (
    <section className="quality-card quality-section" aria-labelledby="improvement-new-title">
      <h2 id="improvement-new-title">{m.createTitle}</h2>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="source" label={m.source} htmlFor="improvement-new-source" rules={[{ required: true, message: m.source }]}>
          <Select id="improvement-new-source" options={Object.entries(sources).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <ImprovementFormFields idPrefix="improvement-new" />
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={opening.isLoading}>
            {m.save}
          </Button>
          <Button onClick={onDone}>{m.cancel}</Button>
        </Space>
      </Form>
    </section>
  );
}

type EditValues = { description?: string; owner?: string; due_on?: string; status?: ImprovementStatus; result?: string };

function EditAction({ action, onClose }: { action: ImprovementAction; onClose: () => void }) {
  const [form] = Form.useForm<EditValues>();
  const [update, updating] = useUpdateImprovementActionMutation();
  const submit = async (values: EditValues) => {
    try {
      await update({ id: action.id, description: values.description ?? '', owner: values.owner || null, due_on: values.due_on || null, status: values.status, result: values.result || null }).unwrap();
      toast('success', m.saved);
      onClose();
    } catch (error) {
      fail(error, form, ['description', 'owner', 'due_on', 'status', 'result']);
    }
  };
  return (
    <Modal open title={m.editTitle(action.id)} onCancel={onClose} footer={null} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ description: action.description, owner: action.owner ?? '', due_on: action.due_on ?? '', status: action.status as ImprovementStatus, result: action.result ?? '' }}
      >
        <ImprovementFormFields idPrefix="improvement-edit" />
        <Form.Item name="status" label={m.status} htmlFor="improvement-edit-status">
          <Select id="improvement-edit-status" options={Object.entries(improvementStatuses).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="result" label={m.result} htmlFor="improvement-edit-result" rules={[{ max: 5000 }]}>
          <Input.TextArea id="improvement-edit-result" rows={3} maxLength={5000} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={updating.isLoading}>
            {m.save}
          </Button>
          <Button onClick={onClose}>{m.cancel}</Button>
        </Space>
      </Form>
    </Modal>
  );
}

/** « Amélioration continue »: the improvement log (indicator 32, docs/adr/0048), filtered, exported to XLSX. */
export function ImprovementsAdminPage() {
  const [status, setStatus] = useState<ImprovementStatus | undefined>();
  const [source, setSource] = useState<ImprovementSource | undefined>();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ImprovementAction | null>(null);
  const list = useGetImprovementActionsQuery({ status, source });
  const download = () =>
    downloadWithSession(`admin/improvement-actions/export?${new URLSearchParams(paramsOf({ status, source })).toString()}`, 'journal-amelioration.xlsx', { failed: m.exportFailed, done: m.exportDone });

  return (
    <WorkPage
      title={m.title}
      testId="improvements-admin"
      extra={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)} disabled={creating}>
            {m.create}
          </Button>
          <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
            {m.export}
          </Button>
        </Space>
      }
    >
      <p>{m.intro}</p>
      {creating ? <NewAction onDone={() => setCreating(false)} /> : null}
      <div className="quality-filters">
        <Select allowClear placeholder={m.allStatuses} aria-label={m.status} value={status} onChange={(v?: ImprovementStatus) => setStatus(v)} options={Object.entries(improvementStatuses).map(([value, label]) => ({ value, label }))} />
        <Select allowClear placeholder={m.allSources} aria-label={m.source} value={source} onChange={(v?: ImprovementSource) => setSource(v)} options={Object.entries(sources).map(([value, label]) => ({ value, label }))} />
      </div>
      <LoadState loading={list.isLoading} failed={list.isError} />
      {list.data ? (
        <Table<ImprovementAction>
          rowKey="id"
          dataSource={list.data}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 1300 }}
          locale={{ emptyText: <EmptyText text={m.none} /> }}
          columns={[
            { title: 'N°', dataIndex: 'id', width: 60 },
            { title: m.openedAt, dataIndex: 'opened_at', width: 120, render: (v: string) => formatDateTime(v) },
            { title: m.source, width: 150, render: (_, a) => `${sources[a.source as ImprovementSource]}${a.complaint_reference ? ` ${a.complaint_reference}` : ''}` },
            { title: m.description, dataIndex: 'description', width: 320, render: (v: string) => <span className="quality-text">{v}</span> },
            { title: m.owner, dataIndex: 'owner', width: 150, render: (v: string | null) => v ?? '—' },
            { title: m.dueOn, dataIndex: 'due_on', width: 110, render: (v: string | null) => formatDay(v) },
            { title: m.status, dataIndex: 'status', width: 110, render: (v: string) => <Tag>{improvementStatuses[v as ImprovementStatus]}</Tag> },
            { title: m.result, dataIndex: 'result', width: 240, render: (v: string | null) => v ?? '—' },
            { title: m.edit, width: 110, render: (_, a) => <Button size="small" onClick={() => setEditing(a)} aria-label={m.editOne(a.id)}>{m.edit}</Button> },
          ]}
        />
      ) : null}
      {editing ? <EditAction action={editing} onClose={() => setEditing(null)} /> : null}
    </WorkPage>
  );
}
