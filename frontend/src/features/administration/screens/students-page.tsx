import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Input, Modal, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DownloadOutlined, FileExcelOutlined, PauseCircleOutlined, PlayCircleOutlined, SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { WorkPage } from '../../../components/work-page';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { useGetStudentRecordsQuery, useToggleStudentActiveMutation } from '../admin-api';
import type { StudentRecord } from '../admin-types';
import { CreateStudentDialog } from '../components/create-student-dialog';
import { ExportStatus } from '../components/export-status';
import { useExportDownload } from '../components/use-export-download';
import { messages as m } from '../messages';
import '../administration.css';
import { confirmToggle } from '../components/confirm-toggle';

/** Rows per page, paged in the browser over the full list (03 §9). */
const PAGE_SIZE = 10;

const dateOf = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00`).toLocaleDateString('fr-FR') : '-');
/** The server's exports (sheet 'Utilisateurs'): every student the search matches, or one. */
export const studentsExportPath = (search: string) => `admin/exports/students/${search.trim() ? `?${new URLSearchParams({ search: search.trim() })}` : ''}`;
export const studentExportPath = (id: number) => `admin/exports/students/${id}/`;

export interface StudentsPageProps {
  headerActions?: ReactNode;
}

const nameOf = (student: StudentRecord) => `${student.prenom} ${student.nom}`.trim() || student.fullname || student.nom_utilisateur_lms;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** What the search looks in, case and accents folded: full name, e-mail and LMS username (03 §2). */
function searchTextOf(student: StudentRecord): string {
  return fold([nameOf(student), student.fullname, student.email, student.nom_utilisateur_lms].map((field) => field ?? '').join('\n'));
}

/** « 05/01/2026 → 30/06/2026 » on two lines; « Dates non renseignées » when neither is known. */
/** The columns a phone does without (the detail page shows them); and the table's width elsewhere. */
const PHONE_HIDDEN = new Set(['index', 'email', 'phone', 'file', 'formation', 'period']);
const TABLE_WIDTH = 1000;

function Period({ start, end }: { start: string | null; end: string | null }) {
  if (!start && !end) return <span className="progress-muted">{m.students.noDates}</span>;
  return (
    <span className="student-period">
      <span>{dateOf(start)}</span> <span>→ {dateOf(end)}</span>
    </span>
  );
}

function Formation({ formations }: { formations: string[] }) {
  if (formations.length === 0) return <span className="progress-muted">-</span>;
  const [first, ...rest] = formations;
  return (
    <span className="student-formation">
      <span className="students-ellipsis" title={first}>
        {first}
      </span>
      {rest.length > 0 ? (
        <Tooltip title={rest.join(', ')}>
          <Tag className="student-formation__more" tabIndex={0} aria-label={rest.join(', ')}>
            {m.students.more(rest.length)}
          </Tag>
        </Tooltip>
      ) : null}
    </span>
  );
}

/**
 * /admin-users, 'Gestion des Étudiants' (03 §2): every student's administrative record, searched
 * by name, e-mail or LMS username (back to page 1), 10 per page; suspend or reactivate after a
 * confirmation (a suspension also closes the student's sessions); 'Nouvel Étudiant'; 'Export Excel'
 * of every student the search matches (built and streamed by the server, all pages) and of one
 * student per row, with what has arrived shown while it comes. `headerActions`: what the admin area
 * adds beside « Nouvel Étudiant » from other features (« Importer des étudiants », docs/adr/0052).
 */
export function StudentsPage({ headerActions }: StudentsPageProps) {
  const { data, isLoading, error, refetch } = useGetStudentRecordsQuery();
  const [toggle] = useToggleStudentActiveMutation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [modal, holder] = Modal.useModal();
  const download = useExportDownload();
  const exporting = download.state.running !== null;
  const students = useMemo(() => (Array.isArray(data) ? data : []), [data]);
  // Folded once per list, so that a keystroke over 10,000 records is one pass of `includes`.
  const indexed = useMemo(() => students.map((student) => ({ student, text: searchTextOf(student) })), [students]);
  const shown = useMemo(() => {
    const wanted = fold(search.trim());
    return wanted ? indexed.filter((entry) => entry.text.includes(wanted)).map((entry) => entry.student) : students;
  }, [indexed, students, search]);

  const confirmToggleOf = (student: StudentRecord) => {
    const suspending = student.is_active;
    confirmToggle(modal, {
      suspending,
      toggle: () => toggle(student.id).unwrap(),
      wording: {
        title: suspending ? m.students.suspend : m.students.reactivate,
        text: suspending ? m.students.suspendText(nameOf(student)) : m.students.reactivateText(nameOf(student)),
        yes: suspending ? m.students.yesSuspend : m.students.yesReactivate,
        cancel: m.students.cancel,
        done: (active) => (active ? m.students.reactivated(nameOf(student)) : m.students.suspended(nameOf(student))),
        failed: m.students.toggleFailed,
      },
    });
  };

  const narrow = useNarrowScreen('sm');
  const allColumns: TableColumnsType<StudentRecord> = [
    // The spec's nine columns at a fixed width each (issue 30): long names, e-mails and formations end in
    // « … » with the whole text as their tooltip. Beside the side menu at 1280 px the table scrolls sideways
    // under a sticky name and a sticky « Actions »; only a phone (below 576 px) drops the secondary columns.
    { key: 'index', title: m.students.index, width: 44, render: (_, __, index) => (page - 1) * PAGE_SIZE + index + 1 },
    {
      key: 'name',
      title: m.students.fullname,
      width: narrow ? undefined : 160,
      fixed: narrow ? undefined : 'left',
      render: (_, student) => (
        <div>
          <Link to={`/admin-student-detail/${student.id}`} className="progress-student__name students-ellipsis" title={nameOf(student)}>
            {nameOf(student)}
          </Link>
          <div className="progress-student__username students-ellipsis" title={`@${student.nom_utilisateur_lms}`}>
            @{student.nom_utilisateur_lms}
          </div>
        </div>
      ),
    },
    {
      key: 'email',
      title: m.students.email,
      width: 170,
      render: (_, student) => (
        <span className="progress-email students-ellipsis" title={student.email}>
          {student.email}
        </span>
      ),
    },
    { key: 'phone', title: m.students.phone, width: 116, render: (_, student) => <span className="students-nowrap">{student.telephone || '-'}</span> },
    { key: 'file', title: m.students.file, width: 96, render: (_, student) => <span className="students-ellipsis" title={student.numero_dossier || undefined}>{student.numero_dossier || '-'}</span> },
    { key: 'formation', title: m.students.formation, width: 120, render: (_, student) => <Formation formations={student.formations} /> },
    { key: 'period', title: m.students.period, width: 100, render: (_, student) => <Period start={student.date_entree} end={student.date_sortie} /> },
    {
      key: 'status',
      title: m.students.status,
      width: 84,
      render: (_, student) => <Tag className={student.is_active ? 'admin-status admin-status--active' : 'admin-status admin-status--inactive'}>{student.is_active ? m.students.active : m.students.inactive}</Tag>,
    },
    {
      key: 'actions',
      title: m.students.actions,
      width: 96,
      fixed: narrow ? undefined : 'right',
      render: (_, student) => (
        <div className="students-row-actions">
          <Button
            aria-label={`${student.is_active ? m.students.suspend : m.students.reactivate} : ${nameOf(student)}`}
            title={student.is_active ? m.students.suspend : m.students.reactivate}
            icon={student.is_active ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            danger={student.is_active}
            onClick={() => confirmToggleOf(student)}
          />
          <Button
            aria-label={m.students.exportRow(nameOf(student))}
            title={m.students.exportRow(nameOf(student))}
            icon={<DownloadOutlined />}
            disabled={exporting}
            loading={download.state.running === `row-${student.id}`}
            onClick={() => void download.start(`row-${student.id}`, studentExportPath(student.id), `Utilisateur_${student.nom_utilisateur_lms}.xlsx`, () => m.students.exported)}
          />
        </div>
      ),
    },
  ];
  const columns = narrow ? allColumns.filter((column) => !PHONE_HIDDEN.has(String(column.key))) : allColumns;

  let body;
  if (error && !data) {
    body = (
      <div className="progress-empty" role="alert">
        <p className="progress-empty__title">{m.students.loadFailed}</p>
        <Button onClick={() => void refetch()}>Réessayer</Button>
      </div>
    );
  } else {
    body = (
      <Table<StudentRecord>
        rowKey="id"
        columns={columns}
        dataSource={shown}
        loading={isLoading}
        locale={{ emptyText: m.students.empty }}
        pagination={{ current: page, pageSize: PAGE_SIZE, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        data-testid="students-table"
        className="students-table"
        size="small"
        tableLayout="fixed"
        scroll={narrow ? undefined : { x: TABLE_WIDTH }}
      />
    );
  }

  return (
    <WorkPage
      title={m.students.title}
      testId="students-page"
      extra={
        <div className="students-header-actions">
          <Button
            icon={<FileExcelOutlined />}
            disabled={exporting}
            loading={download.state.running === 'all'}
            title={m.students.exportAllHint}
            onClick={() => void download.start('all', studentsExportPath(search), 'Utilisateurs_LMS.xlsx', () => m.students.exported)}
          >
            {m.students.exportAll}
          </Button>
          {headerActions}
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
            {m.students.create}
          </Button>
        </div>
      }
    >
      {holder}
      <div className="progress-top">
        <div className="progress-counter" data-testid="students-total">
          {m.students.total(students.length)}
        </div>
        <Input
          className="progress-search"
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={m.students.search}
          aria-label={m.students.searchLabel}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <ExportStatus state={download.state} />
      {body}
      <CreateStudentDialog open={creating} onClose={() => setCreating(false)} />
    </WorkPage>
  );
}
