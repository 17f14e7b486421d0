import { useMemo, useState } from 'react';
import { Button, Popconfirm, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useParams } from 'react-router-dom';
import { EmptyText, LoadState, WorkPage, isNotFound } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { SessionDialog } from './session-dialog';
import {
  useAddSessionMemberMutation,
  useDeclareOnEdofMutation,
  useGetSessionQuery,
  useRemoveSessionMemberMutation,
  useSessionLearnerChoicesQuery,
  useSessionTrainerChoicesQuery,
  type EdofDeclaration,
  type SessionDetail,
  type SessionLearner,
} from './sessions-api';
import { sessionMessages as m } from './sessions-messages';
import { frenchDay } from '../../../lib/format';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { ServiceFaitSection } from './service-fait-section';
import './sessions.css';

const TONES: Record<string, string> = { declaree: 'ok', a_declarer: 'todo', en_retard: 'late', declaree_en_retard: 'late', a_venir: 'muted', date_inconnue: 'muted' };

const failed = (error: unknown) => toast('error', describeApiError(error).message ?? m.loadFailed);

/** One EDOF declaration: its state, its deadline or when it was declared, and the admin's « Déclarée sur EDOF ». */
function EdofCell({ session, learner, declaration }: { session: SessionDetail; learner: SessionLearner; declaration: EdofDeclaration }) {
  const [declare, { isLoading }] = useDeclareOnEdofMutation();
  const canDeclare = (declaration.status === 'a_declarer' || declaration.status === 'en_retard') && (declaration.kind === 'entry' || learner.edof?.entry.declared_on);
  return (
    <div className="sessions-edof">
      <Tag className={`sessions-tag--${TONES[declaration.status] ?? 'muted'}`}>{m.status[declaration.status] ?? declaration.status}</Tag>
      {declaration.declared_on ? (
        <small>{m.declaredOn(frenchDay(declaration.declared_on))}</small>
      ) : declaration.deadline ? (
        <small>{`${m.deadline(frenchDay(declaration.deadline))}${declaration.working_days_left !== null ? ` · ${m.daysLeft(declaration.working_days_left)}` : ''}`}</small>
      ) : null}
      {canDeclare && !learner.left_at ? (
        <Button
          size="small"
          loading={isLoading}
          aria-label={m.declareLabel(declaration.kind, learner.full_name)}
          onClick={() => {
            declare({ sessionId: session.id, studentId: learner.student_id, courseId: session.course_id, kind: declaration.kind })
              .unwrap()
              .then(() => toast('success', m.declared), failed);
          }}
        >
          {m.declare}
        </Button>
      ) : null}
    </div>
  );
}

/** No deadline here: not funded by the CPF, or no longer in this session (declared with the session they are in now). */
function NoDeadline({ learner }: { learner: SessionLearner }) {
  return <span className="sessions-muted">{learner.cpf ? m.leftNoDeadline : m.notCpf}</span>;
}

/** The day in France of an instant: « 01/02/2027 ». */
const parisDay = (iso: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date(iso));

function AddMember({ session, role }: { session: SessionDetail; role: 'learners' | 'trainers' }) {
  const learners = useSessionLearnerChoicesQuery(session.course_id, { skip: role !== 'learners' });
  const trainers = useSessionTrainerChoicesQuery(undefined, { skip: role !== 'trainers' });
  const [add, { isLoading }] = useAddSessionMemberMutation();
  const [chosen, setChosen] = useState<number | null>(null);
  const options = useMemo(() => {
    if (role === 'learners') {
      const inSession = new Set(session.learners_list.filter((l) => !l.left_at).map((l) => l.student_id));
      return (learners.data ?? []).filter((e) => !inSession.has(e.student.id)).map((e) => ({ value: e.student.id, label: `${e.student.fullname} (${e.student.email})` }));
    }
    const inSession = new Set(session.trainers_list.map((t) => t.teacher_id));
    return (trainers.data ?? []).filter((t) => t.approval === 'accepted' && t.is_active && !inSession.has(t.id)).map((t) => ({ value: t.id, label: t.full_name }));
  }, [role, learners.data, trainers.data, session]);
  const label = role === 'learners' ? m.addLearner : m.addTrainer;
  return (
    <div className="sessions-add">
      <Select
        aria-label={label}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={role === 'learners' ? m.learnerPlaceholder : m.trainerPlaceholder}
        value={chosen ?? undefined}
        onChange={(value: number) => setChosen(value)}
        options={options}
        loading={learners.isFetching || trainers.isFetching}
      />
      <Button
        disabled={chosen === null}
        loading={isLoading}
        onClick={() => {
          add({ id: session.id, role, personId: chosen! })
            .unwrap()
            .then(() => setChosen(null), failed);
        }}
      >
        {label}
      </Button>
    </div>
  );
}

/** /admin-sessions/{id}: a session's trainers and learners, and for the CPF its EDOF deadlines of the day. */
export function AdminSessionPage() {
  const sessionId = Number(useParams().sessionId);
  const { data: session, error, isLoading } = useGetSessionQuery(sessionId, { skip: !Number.isInteger(sessionId) });
  const [remove] = useRemoveSessionMemberMutation();
  const [editing, setEditing] = useState(false);
  const narrow = useNarrowScreen('md');
  if (!session) {
    return (
      <WorkPage title={m.title} back={{ to: '/admin-sessions', label: m.back }} testId="admin-session">
        <LoadState loading={isLoading} failed={Boolean(error)} notFound={isNotFound(error) || !Number.isInteger(sessionId)} failure={m.loadFailed} />
      </WorkPage>
    );
  }
  const who = (l: SessionLearner) => (
    <>
      <div>{l.full_name}</div>
      <small className="sessions-muted">{l.left_at ? m.left(parisDay(l.left_at)) : l.email}</small>
    </>
  );
  const funding = (l: SessionLearner) => (
    <>
      <div>{l.funding_label ?? m.notSet}</div>
      {l.dossier_number ? <small className="sessions-muted">{l.dossier_number}</small> : null}
    </>
  );
  const edof = (l: SessionLearner, kind: 'entry' | 'exit') => (l.edof ? <EdofCell session={session} learner={l} declaration={l.edof[kind]} /> : <NoDeadline learner={l} />);
  const removal = (l: SessionLearner) =>
    l.left_at ? null : (
      <Popconfirm
        title={m.removeLearner(l.full_name)}
        description={m.removeLearnerText}
        okText={m.remove}
        cancelText={m.cancel}
        onConfirm={() => remove({ id: session.id, role: 'learners', personId: l.student_id }).unwrap().catch(failed)}
      >
        <Button size="small" danger aria-label={`${m.remove} ${l.full_name}`}>
          {m.remove}
        </Button>
      </Popconfirm>
    );
  const learnerColumns: TableColumnsType<SessionLearner> = [
    { title: m.learners, key: 'name', render: (_, l) => who(l) },
    { title: m.funding, key: 'funding', responsive: ['md'], render: (_, l) => funding(l) },
    { title: m.edofEntry, key: 'entry', render: (_, l) => edof(l, 'entry') },
    { title: m.edofExit, key: 'exit', render: (_, l) => edof(l, 'exit') },
    { title: <span className="visually-hidden">{m.remove}</span>, key: 'remove', render: (_, l) => removal(l) },
  ];
  return (
    <WorkPage title={session.name} back={{ to: '/admin-sessions', label: m.back }} testId="admin-session" extra={<Button onClick={() => setEditing(true)}>{m.edit}</Button>}>
      <p className="sessions-period">
        {session.course_title} · {m.period(frenchDay(session.start_date), frenchDay(session.end_date))}
      </p>
      <section className="sessions-section" aria-labelledby="session-trainers">
        <h2 id="session-trainers">{m.trainers}</h2>
        <AddMember session={session} role="trainers" />
        {session.trainers_list.length === 0 ? (
          <EmptyText text={m.noTrainers} />
        ) : (
          <ul className="sessions-trainers">
            {session.trainers_list.map((t) => (
              <li key={t.teacher_id}>
                {t.full_name}{' '}
                <Popconfirm title={m.removeTrainer(t.full_name)} okText={m.remove} cancelText={m.cancel} onConfirm={() => remove({ id: session.id, role: 'trainers', personId: t.teacher_id }).unwrap().catch(failed)}>
                  <Button size="small" type="link" aria-label={`${m.remove} ${t.full_name}`}>
                    {m.remove}
                  </Button>
                </Popconfirm>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="sessions-section" aria-labelledby="session-learners">
        <h2 id="session-learners">{m.learners}</h2>
        <AddMember session={session} role="learners" />
        <p className="sessions-muted">{m.today(frenchDay(session.today))}</p>
        {narrow ? (
          // On a phone, a card per learner: nothing scrolls sideways.
          session.learners_list.length === 0 ? (
            <EmptyText text={m.noLearners} />
          ) : (
            <ul className="sessions-cards" aria-label={m.learners} data-testid="session-learner-cards">
              {session.learners_list.map((l) => (
                <li key={`${l.student_id}-${l.joined_at}`} className="sessions-card">
                  {who(l)}
                  <dl>
                    <dt>{m.funding}</dt>
                    <dd>{funding(l)}</dd>
                    <dt>{m.edofEntry}</dt>
                    <dd>{edof(l, 'entry')}</dd>
                    <dt>{m.edofExit}</dt>
                    <dd>{edof(l, 'exit')}</dd>
                  </dl>
                  {removal(l)}
                </li>
              ))}
            </ul>
          )
        ) : (
          <Table
            rowKey={(l) => `${l.student_id}-${l.joined_at}`}
            columns={learnerColumns}
            dataSource={session.learners_list}
            pagination={false}
            scroll={{ x: true }}
            locale={{ emptyText: <EmptyText text={m.noLearners} /> }}
          />
        )}
      </section>
      <ServiceFaitSection sessionId={session.id} />
      {editing ? <SessionDialog session={session} onClose={() => setEditing(false)} /> : null}
    </WorkPage>
  );
}
