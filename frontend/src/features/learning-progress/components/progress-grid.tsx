import { Link } from 'react-router-dom';
import { Table, Tag, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { CheckCircleFilled, LockOutlined, MinusCircleOutlined } from '@ant-design/icons';
import type { GridCell, GridRow, GridSort, GridStep } from '../grid-api';
import { gridMessages as m } from '../grid-messages';
import '../progress-grid.css';

const hhmmss = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

/** What a cell says, in words: its state, its date and the step's rule (the tooltip and the accessible name). */
export function cellDescription(step: GridStep, cell: GridCell): string[] {
  const rule = cell.state === 'validated' && cell.rule ? (m.rules[cell.rule] ?? cell.rule) : (m.stepRules[step.content_type] ?? step.content_type);
  const when =
    cell.state === 'validated' && cell.validated_at
      ? m.validatedOn(cell.validated_at)
      : cell.state === 'locked'
        ? cell.opened_at
          ? m.openedOn(cell.opened_at)
          : m.lockedText
        : cell.opened_at
          ? m.openedOn(cell.opened_at)
          : m.notOpened;
  return [`${step.title} — ${m.states[cell.state]}`, when, `${m.ruleLabel} : ${rule}`];
}

const ICONS = {
  validated: <CheckCircleFilled aria-hidden />,
  open: <MinusCircleOutlined aria-hidden />,
  locked: <LockOutlined aria-hidden />,
};

/** One step of one learner: an icon, its words in a tooltip on hover and on keyboard focus, and as its accessible name. */
export function GridCellMark({ step, cell, learner }: { step: GridStep; cell: GridCell; learner: string }) {
  const lines = cellDescription(step, cell);
  return (
    <Tooltip title={lines.map((line) => <div key={line}>{line}</div>)} trigger={['hover', 'focus']}>
      <span role="img" tabIndex={0} aria-label={`${learner} : ${lines.join(', ')}`} className={`grid-cell grid-cell--${cell.state}`} data-state={cell.state}>
        {ICONS[cell.state]}
      </span>
    </Tooltip>
  );
}

export interface ProgressGridProps {
  steps: GridStep[];
  rows: GridRow[];
  count: number;
  page: number;
  pageSize: number;
  sort: GridSort;
  order: 'asc' | 'desc';
  loading?: boolean;
  /** The learner's transcript (the evidence context's screen, in the reader's area). */
  transcriptPath: (studentId: number) => string;
  onChange: (change: { page: number; pageSize: number; sort: GridSort; order: 'asc' | 'desc' }) => void;
}

const SORT_KEYS: GridSort[] = ['name', 'percentage', 'last_activity'];

/**
 * The progress grid (issue 28 item 1): one row per learner, the learner's name fixed on the left,
 * the figures, then one narrow column per step; the table scrolls sideways inside its container.
 * Rows, order and pages come from the server: the table only asks.
 */
export function ProgressGrid({ steps, rows, count, page, pageSize, sort, order, loading, transcriptPath, onChange }: ProgressGridProps) {
  const sortOrder = (key: GridSort) => (sort === key ? (order === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableColumnsType<GridRow> = [
    {
      key: 'name',
      title: m.learner,
      fixed: 'left',
      width: 170,
      sorter: true,
      sortOrder: sortOrder('name'),
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: (_, row) => (
        <div className="grid-learner">
          <Link to={transcriptPath(row.student_id)} aria-label={m.transcriptOf(row.fullname)} title={m.transcriptOf(row.fullname)}>
            {row.fullname}
          </Link>
          <span className="grid-learner__status">
            {m.statusShort[row.status]}
            {row.closed ? ` · ${m.closed}` : ''}
          </span>
        </div>
      ),
    },
    {
      key: 'percentage',
      title: m.percentage,
      width: 110,
      sorter: true,
      sortOrder: sortOrder('percentage'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, row) => (
        <span className="grid-percent">
          <span className="grid-percent__bar" aria-hidden>
            <span className={`grid-percent__fill grid-percent__fill--${Math.min(10, Math.floor(row.percentage / 10))}`} />
          </span>
          {m.percent(row.percentage)}
        </span>
      ),
    },
    { key: 'time', title: m.activeTime, width: 90, render: (_, row) => <span className="grid-mono">{hhmmss(row.active_seconds)}</span> },
    {
      key: 'last_activity',
      title: m.lastActivity,
      width: 130,
      sorter: true,
      sortOrder: sortOrder('last_activity'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, row) => (row.last_activity_at ? m.dayTime(row.last_activity_at) : <span className="grid-muted">{m.never}</span>),
    },
    {
      key: 'quiz',
      title: m.quiz,
      width: 90,
      render: (_, row) => (row.quizzes.length ? row.quizzes.map((q) => <Tag key={q.quiz_id}>{m.quizScore(q.best_score, q.total, q.attempts)}</Tag>) : <span className="grid-muted">{m.none}</span>),
    },
    {
      key: 'scorm',
      title: m.scorm,
      width: 80,
      render: (_, row) => {
        const scored = row.scorm.filter((s) => s.percentage !== null);
        return scored.length ? scored.map((s) => <Tag key={`${s.chapter_id}-${s.sco}`}>{m.scormScore(s.percentage!)}</Tag>) : <span className="grid-muted">{m.none}</span>;
      },
    },
    ...steps.map<TableColumnsType<GridRow>[number]>((step, index) => ({
      key: `${step.kind}-${step.step_id}`,
      title: (
        // Not focusable: antd copies the headers into a hidden measuring row (a focusable copy there fails axe).
        <Tooltip title={m.stepHeader(index + 1, step.title)}>
          <span className="grid-step-head">
            <span aria-hidden>{index + 1}</span>
            <span className="visually-hidden">{m.stepHeader(index + 1, step.title)}</span>
          </span>
        </Tooltip>
      ),
      width: 48,
      align: 'center',
      render: (_: unknown, row: GridRow) => <GridCellMark step={step} cell={row.cells[index]!} learner={row.fullname} />,
    })),
  ];

  const handleChange: TableProps<GridRow>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.columnKey as GridSort | undefined;
    const nextSort = key && SORT_KEYS.includes(key) && one?.order ? key : sort;
    const nextOrder = one?.order ? (one.order === 'ascend' ? 'asc' : 'desc') : order;
    const sortChanged = nextSort !== sort || nextOrder !== order;
    onChange({ page: sortChanged ? 1 : (pagination.current ?? page), pageSize: pagination.pageSize ?? pageSize, sort: nextSort, order: nextOrder });
  };

  return (
    <div className="progress-grid" data-testid="progress-grid">
      <ul className="grid-legend" aria-label={m.legend}>
        {(['validated', 'open', 'locked'] as const).map((state) => (
          <li key={state} className={`grid-cell grid-cell--${state}`}>
            {ICONS[state]} <span>{m.states[state]}</span>
          </li>
        ))}
      </ul>
      <Table<GridRow>
        rowKey="student_id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        size="small"
        tableLayout="fixed"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: m.empty }}
        showSorterTooltip={false}
        onChange={handleChange}
        pagination={{ current: page, pageSize, total: count, showSizeChanger: true, pageSizeOptions: [10, 20, 50], showTotal: (total) => m.count(total), hideOnSinglePage: false }}
      />
    </div>
  );
}
