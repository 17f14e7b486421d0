import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Input, Modal, Select, Switch, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { SessionSelect } from '../../../components/session-select/session-select';
import { EmptyText, LoadState, WorkPage } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { downloadWithSession } from '../../../lib/download';
import { toast } from '../../../lib/feedback';
import { formatDateTime, formatHandling, formatPercent, frenchDay } from '../../../lib/format';
import {
  paramsOf, useGetIndicatorCoursesQuery, useGetIndicatorLearnersQuery, useGetIndicatorsQuery, useSwitchPublicResultsMutation,
  type CohortFigures, type CourseIndicators, type IndicatorFilters, type IndicatorLearner, type SatisfactionFigures,
} from '../indicators-api';
import { complaintCategories, figureLabels, messages as m, outcomes, questionnaireKinds, type Figure } from '../messages';
import '../indicators.css';

/** « 42 % » from a rate of 0.42; « — » when nobody is counted. */
export const rateText = (rate: number | null | undefined): string => (rate === null || rate === undefined ? '—' : formatPercent(Math.round(rate * 1000) / 10));

/** A table that scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="indicator-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** One figure: its value, what it counts, and the way to the learners behind it. */
function FigureButton({ figure, value, onOpen, rate }: { figure: Figure; value: number; onOpen: (f: Figure) => void; rate?: string }) {
  const label = figureLabels[figure];
  return (
    <button type="button" className="indicator-figure" onClick={() => onOpen(figure)} data-testid={`figure-${figure}`}>
      <span className="indicator-figure__value">{value}</span>
      <span className="indicator-figure__label">{label}</span>
      {rate ? <span className="indicator-figure__rate">{rate}</span> : null}
      <span className="visually-hidden"> — {m.seeLearners}</span>
    </button>
  );
}

function Learners({ filters, figure, onClose }: { filters: IndicatorFilters; figure: Figure; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const list = useGetIndicatorLearnersQuery({ ...filters, figure, page });
  const label = figureLabels[figure];
  const download = () =>
    downloadWithSession(`admin/indicators/learners/export/?${new URLSearchParams(paramsOf({ ...filters, figure })).toString()}`, 'indicateurs.xlsx', {
      failed: m.exportFailed, done: m.exportDone,
    });
  return (
    <Modal open title={m.learnersTitle(label)} onCancel={onClose} footer={<Button onClick={onClose}>{m.close}</Button>} width={1100} destroyOnHidden>
      <Button icon={<DownloadOutlined aria-hidden />} onClick={download} className="indicator-export">
        {m.export}
      </Button>
      <LoadState loading={list.isLoading} failed={list.isError} />
      {list.data ? (
        <Table<IndicatorLearner>
          rowKey={(r) => `${r.student_id}-${r.course_id}`}
          dataSource={list.data.results}
          size="small"
          scroll={{ x: 1010 }}
          locale={{ emptyText: <EmptyText text={m.noLearner} /> }}
          pagination={{ current: page, pageSize: 20, total: list.data.count, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            {
              title: m.learner,
              width: 220,
              render: (_, r) => (
                <span>
                  <Link to={`/admin-student-detail/${r.student_id}`}>{r.fullname}</Link>
                  {r.closed ? <Tag className="indicator-closed">{m.closed}</Tag> : null}
                  <br />
                  <span className="indicator-muted">{r.email}</span>
                </span>
              ),
            },
            { title: m.course, dataIndex: 'course_title', width: 220 },
            { title: m.enrolledAt, dataIndex: 'enrolled_at', width: 140, render: (v: string) => formatDateTime(v) },
            {
              title: m.outcome,
              width: 150,
              render: (_, r) => (
                <span>
                  <Tag className={`indicator-tag indicator-tag--${r.status}`}>{outcomes[r.status]}</Tag>
                  {r.completed_at ? <span className="indicator-muted">{formatDateTime(r.completed_at)}</span> : null}
                  {r.left_at ? <span className="indicator-muted">{formatDateTime(r.left_at)}</span> : null}
                </span>
              ),
            },
            { title: m.stepsOpened, width: 110, render: (_, r) => `${r.steps_opened} / ${r.steps}` },
            { title: m.documentsDownloaded, dataIndex: 'documents_downloaded', width: 110 },
            {
              title: m.finalScore,
              width: 140,
              render: (_, r) =>
                r.final_quiz_id === null ? m.noFinal : r.final_passed === null ? m.notTaken : <Tag className={`indicator-tag indicator-tag--${r.final_passed ? 'passed' : 'failed'}`}>{formatPercent(r.final_best_percent ?? 0)}</Tag>,
            },
            {
              title: m.transcript,
              width: 90,
              render: (_, r) => (
                <Link to={`/admin-student-detail/${r.student_id}/releve/${r.course_id}`} aria-label={`${m.transcript} : ${r.fullname}, ${r.course_title}`}>
                  {m.transcript}
                </Link>
              ),
            },
          ]}
        />
      ) : null}
    </Modal>
  );
}

function Results({ cohort, onOpen }: { cohort: CohortFigures; onOpen: (f: Figure) => void }) {
  return (
    <section className="indicator-section" aria-labelledby="indicators-results">
      <h2 id="indicators-results">{m.results}</h2>
      <p className="indicator-help">{m.resultsHelp}</p>
      <div className="indicator-figures">
        <FigureButton figure="learners" value={cohort.learners} onOpen={onOpen} />
        <FigureButton figure="completed" value={cohort.completed} onOpen={onOpen} rate={`${m.completionRate} ${rateText(cohort.completion_rate)}`} />
        <FigureButton figure="dropped" value={cohort.dropped} onOpen={onOpen} rate={`${m.dropoutRate} ${rateText(cohort.dropout_rate)}`} />
        <FigureButton figure="in_progress" value={cohort.in_progress} onOpen={onOpen} />
        <FigureButton figure="not_started" value={cohort.not_started} onOpen={onOpen} />
      </div>
    </section>
  );
}

function Evaluations({ cohort, onOpen }: { cohort: CohortFigures; onOpen: (f: Figure) => void }) {
  return (
    <section className="indicator-section" aria-labelledby="indicators-evaluations">
      <h2 id="indicators-evaluations">{m.evaluations}</h2>
      <p className="indicator-help">{m.evaluationsHelp}</p>
      {cohort.evaluated === 0 ? (
        <p>{m.evaluationNone}</p>
      ) : (
        <div className="indicator-figures">
          <FigureButton figure="evaluation_taken" value={cohort.evaluation_taken} onOpen={onOpen} />
          <FigureButton figure="evaluation_passed" value={cohort.evaluation_passed} onOpen={onOpen} rate={`${m.successRate} ${rateText(cohort.success_rate)}`} />
          <FigureButton figure="evaluation_failed" value={cohort.evaluation_taken - cohort.evaluation_passed} onOpen={onOpen} />
          <FigureButton figure="evaluation_missing" value={cohort.evaluated - cohort.evaluation_taken} onOpen={onOpen} />
          <div className="indicator-figure indicator-figure--static">
            <span className="indicator-figure__value">{cohort.average_score === null ? '—' : formatPercent(cohort.average_score)}</span>
            <span className="indicator-figure__label">{m.averageScore}</span>
          </div>
        </div>
      )}
    </section>
  );
}

function Resources({ cohort, onOpen }: { cohort: CohortFigures; onOpen: (f: Figure) => void }) {
  return (
    <section className="indicator-section" aria-labelledby="indicators-resources">
      <h2 id="indicators-resources">{m.resources}</h2>
      <p className="indicator-help">{m.resourcesHelp}</p>
      <div className="indicator-figures">
        <div className="indicator-figure indicator-figure--static">
          <span className="indicator-figure__value">{cohort.opened_any}</span>
          <span className="indicator-figure__label">{m.openedAny}</span>
        </div>
        <div className="indicator-figure indicator-figure--static">
          <span className="indicator-figure__value">{rateText(cohort.steps_opened_share)}</span>
          <span className="indicator-figure__label">{m.stepsShare}</span>
        </div>
        <FigureButton figure="downloaded" value={cohort.downloaded_any} onOpen={onOpen} />
        <div className="indicator-figure indicator-figure--static" data-testid="figure-documents_downloaded">
          <span className="indicator-figure__value">{cohort.documents_downloaded}</span>
          <span className="indicator-figure__label">{m.documentsDownloaded}</span>
        </div>
      </div>
    </section>
  );
}

function Reminders({ cohort, onOpen }: { cohort: CohortFigures; onOpen: (f: Figure) => void }) {
  return (
    <section className="indicator-section" aria-labelledby="indicators-reminders">
      <h2 id="indicators-reminders">{m.reminders}</h2>
      <p className="indicator-help">{m.remindersHelp}</p>
      <div className="indicator-figures">
        <FigureButton figure="reminded" value={cohort.reminded} onOpen={onOpen} />
        <FigureButton figure="reminded_active" value={cohort.reminded_active} onOpen={onOpen} rate={`${m.reactivationRate} ${rateText(cohort.reactivation_rate)}`} />
        <div className="indicator-figure indicator-figure--static">
          <span className="indicator-figure__value">{cohort.reminders_sent}</span>
          <span className="indicator-figure__label">{m.remindersSent}</span>
        </div>
      </div>
      <p>
        <Link to="/admin-alertes">{m.remindersLink}</Link>
      </p>
    </section>
  );
}

function Satisfaction({ figures }: { figures: SatisfactionFigures }) {
  return (
    <section className="indicator-section" aria-labelledby="indicators-satisfaction">
      <h2 id="indicators-satisfaction">{m.satisfaction}</h2>
      <p className="indicator-help">{m.satisfactionHelp}</p>
      {figures.sent === 0 && figures.answered === 0 ? (
        <p>{m.noSurvey}</p>
      ) : (
        <>
          <dl className="indicator-facts">
            <div><dt>{m.sent}</dt><dd>{figures.sent}</dd></div>
            <div><dt>{m.answeredSurveys}</dt><dd>{figures.answered}</dd></div>
            <div><dt>{m.responseRate}</dt><dd>{rateText(figures.response_rate)}</dd></div>
          </dl>
          <ul className="indicator-categories">
            {figures.by_kind.map((k) => (
              <li key={k.kind}>
                {questionnaireKinds[k.kind] ?? k.kind} : {k.answered} / {k.sent} ({rateText(k.response_rate)})
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/admin-questionnaires">{m.surveysLink}</Link>
      </p>
    </section>
  );
}

function PublicResults({ enabled }: { enabled: boolean }) {
  const [change, changing] = useSwitchPublicResultsMutation();
  const onChange = async (next: boolean) => {
    try {
      await change(next).unwrap();
    } catch (error) {
      toast('error', describeApiError(error).message ?? m.publicFailed);
    }
  };
  return (
    <section className="indicator-section" aria-labelledby="indicators-public">
      <h2 id="indicators-public">{m.publicTitle}</h2>
      <p className="indicator-help">{m.publicHelp}</p>
      <label className="indicator-switch">
        <Switch checked={enabled} loading={changing.isLoading} onChange={onChange} aria-label={m.publicSwitch} /> {m.publicSwitch}
      </label>
      <p role="status">
        {enabled ? m.publicOn : m.publicOff} {enabled ? <Link to="/nos-resultats">{m.publicSeen}</Link> : null}
      </p>
    </section>
  );
}

/** « Indicateurs Qualiopi »: the director's dashboard (issue 29 item 7, docs/adr/0056). */
export function IndicatorsPage() {
  const [filters, setFilters] = useState<IndicatorFilters>({});
  const [figure, setFigure] = useState<Figure | null>(null);
  const view = useGetIndicatorsQuery(filters);
  const courses = useGetIndicatorCoursesQuery();
  const data = view.data;
  const refused = view.isError ? describeApiError(view.error).message : null;

  return (
    <WorkPage title={m.title} testId="indicators-page">
      <p>{m.intro}</p>
      <div className="indicator-filters">
        <label className="indicator-filters__date">
          {m.from}{' '}
          <Input type="date" value={filters.from ?? ''} onChange={(e) => setFilters({ ...filters, from: e.target.value || undefined })} disabled={filters.session !== undefined} />
        </label>
        <label className="indicator-filters__date">
          {m.to}{' '}
          <Input type="date" value={filters.to ?? ''} onChange={(e) => setFilters({ ...filters, to: e.target.value || undefined })} disabled={filters.session !== undefined} />
        </label>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={m.allCourses}
          aria-label={m.course}
          value={filters.course}
          onChange={(course?: number) => setFilters({ ...filters, course, session: undefined })}
          options={(courses.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
        />
        <SessionSelect value={filters.session} onChange={(session) => setFilters({ ...filters, session })} course={filters.course} label={m.session} placeholder={m.allSessions} />
      </div>
      <LoadState loading={view.isLoading} failed={view.isError && !refused} />
      {refused ? <p role="alert" className="indicator-refused">{refused}</p> : null}
      {data ? (
        <>
          <p className="indicator-scope" role="status">
            {data.scope.session_name ? m.sessionScope(data.scope.session_name) : m.periodScope(frenchDay(data.scope.from), frenchDay(data.scope.to))} {m.computedAt(formatDateTime(data.computed_at))}
          </p>
          <Results cohort={data.cohort} onOpen={setFigure} />
          <Evaluations cohort={data.cohort} onOpen={setFigure} />
          <Resources cohort={data.cohort} onOpen={setFigure} />
          <Reminders cohort={data.cohort} onOpen={setFigure} />
          <Satisfaction figures={data.satisfaction} />
          <section className="indicator-section" aria-labelledby="indicators-courses">
            <h2 id="indicators-courses">{m.perCourse}</h2>
            <ScrollRegion label={m.perCourse}>
              <Table<CourseIndicators>
                rowKey="course_id"
                dataSource={data.courses}
                size="small"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                locale={{ emptyText: <EmptyText text={m.noLearner} /> }}
                columns={[
                  {
                    title: m.course,
                    width: 260,
                    render: (_, c) =>
                      data.scope.course_id === c.course_id ? (
                        c.title
                      ) : (
                        <Button type="link" className="indicator-course" onClick={() => setFilters({ ...filters, course: c.course_id, session: undefined })}>
                          {c.title}
                        </Button>
                      ),
                  },
                  { title: figureLabels.learners, dataIndex: 'learners', width: 100 },
                  { title: m.completionRate, width: 120, render: (_, c) => rateText(c.completion_rate) },
                  { title: m.dropoutRate, width: 110, render: (_, c) => rateText(c.dropout_rate) },
                  { title: m.successRate, width: 120, render: (_, c) => (c.final_quiz_id === null ? '—' : rateText(c.success_rate)) },
                  { title: m.stepsShare, width: 130, render: (_, c) => rateText(c.steps_opened_share) },
                  { title: m.documentsDownloaded, dataIndex: 'documents_downloaded', width: 120 },
                ]}
              />
            </ScrollRegion>
          </section>
          <section className="indicator-section" aria-labelledby="indicators-complaints">
            <h2 id="indicators-complaints">{m.complaints}</h2>
            {data.complaints.received === 0 ? (
              <p>{m.noComplaint}</p>
            ) : (
              <>
                <dl className="indicator-facts">
                  <div><dt>{m.received}</dt><dd>{data.complaints.received}</dd></div>
                  <div><dt>{m.answered}</dt><dd>{data.complaints.answered}</dd></div>
                  <div><dt>{m.treated}</dt><dd>{data.complaints.treated}</dd></div>
                  <div><dt>{m.medianHandling}</dt><dd>{formatHandling(data.complaints.median_handling_seconds)}</dd></div>
                  <div><dt>{m.averageHandling}</dt><dd>{formatHandling(data.complaints.average_handling_seconds)}</dd></div>
                </dl>
                <h3>{m.byCategory}</h3>
                <ul className="indicator-categories">
                  {data.complaints.by_category.map((c) => (
                    <li key={c.category}>
                      {complaintCategories[c.category] ?? c.category} : {c.count}
                    </li>
                  ))}
                </ul>
                <Link to="/admin-reclamations">{m.complaintsRegister}</Link>
              </>
            )}
          </section>
          <PublicResults enabled={data.public_results} />
        </>
      ) : null}
      {figure ? <Learners filters={filters} figure={figure} onClose={() => setFigure(null)} /> : null}
    </WorkPage>
  );
}
