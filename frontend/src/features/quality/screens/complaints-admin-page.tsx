import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Input, Select, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { EmptyText, LoadState, WorkPage } from '../../../components/work-page';
import { downloadWithSession } from '../../../lib/download';
import { formatDateTime, formatHandling } from '../format';
import { categories, filers, messages, statuses } from '../messages';
import { paramsOf, useGetComplaintsQuery } from '../quality-api';
import type { Complaint, ComplaintCategory, ComplaintFilters, ComplaintStatus } from '../quality-types';
import '../quality.css';

const m = messages.admin;

/** The filters of the register: status, category, period (days). */
export function ComplaintFilterBar({ filters, onChange }: { filters: ComplaintFilters; onChange: (next: ComplaintFilters) => void }) {
  return (
    <div className="quality-filters">
      <Select
        allowClear
        placeholder={m.allStatuses}
        aria-label={m.status}
        value={filters.status}
        onChange={(status?: ComplaintStatus) => onChange({ ...filters, status })}
        options={Object.entries(statuses).map(([value, label]) => ({ value, label }))}
      />
      <Select
        allowClear
        placeholder={m.allCategories}
        aria-label={m.category}
        value={filters.category}
        onChange={(category?: ComplaintCategory) => onChange({ ...filters, category })}
        options={Object.entries(categories).map(([value, label]) => ({ value, label }))}
      />
      <label className="quality-filters__date">
        {m.from}{' '}
        <Input type="date" value={filters.from ?? ''} onChange={(e) => onChange({ ...filters, from: e.target.value || undefined })} />
      </label>
      <label className="quality-filters__date">
        {m.to}{' '}
        <Input type="date" value={filters.to ?? ''} onChange={(e) => onChange({ ...filters, to: e.target.value || undefined })} />
      </label>
    </div>
  );
}

/** « Réclamations »: the admins' register (indicator 31, docs/adr/0048), filtered, exported to XLSX. */
export function ComplaintsAdminPage() {
  const [filters, setFilters] = useState<ComplaintFilters>({});
  const list = useGetComplaintsQuery(filters);
  const download = () =>
    downloadWithSession(`admin/complaints/export?${new URLSearchParams(paramsOf(filters)).toString()}`, 'registre-reclamations.xlsx', { failed: m.exportFailed, done: m.exportDone });

  return (
    <WorkPage
      title={m.title}
      testId="complaints-admin"
      extra={
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          {m.export}
        </Button>
      }
    >
      <p>{m.intro}</p>
      <ComplaintFilterBar filters={filters} onChange={setFilters} />
      <LoadState loading={list.isLoading} failed={list.isError} />
      {list.data ? (
        <Table<Complaint>
          rowKey="id"
          dataSource={list.data}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 760 }}
          locale={{ emptyText: <EmptyText text={m.none} /> }}
          columns={[
            { title: m.reference, dataIndex: 'reference', render: (reference: string, c) => <Link to={`/admin-reclamations/${c.id}`} aria-label={m.openOne(reference)} className="quality-nowrap">{reference}</Link> },
            { title: m.receivedAt, dataIndex: 'received_at', render: (v: string) => formatDateTime(v) },
            { title: m.filer, render: (_, c) => `${c.filer.name ?? m.erased} (${filers[c.filer.kind]})` },
            { title: m.category, dataIndex: 'category', render: (v: string) => categories[v as ComplaintCategory] },
            { title: m.status, dataIndex: 'status', render: (v: string) => <Tag>{statuses[v as ComplaintStatus]}</Tag> },
            { title: m.handling, dataIndex: 'handling_seconds', render: (v: number | null) => (v === null ? m.notAnswered : formatHandling(v)) },
          ]}
        />
      ) : null}
    </WorkPage>
  );
}
