import { Link } from 'react-router-dom';
import { Tag } from 'antd';
import { LoadState, WorkPage } from '../../../components/work-page';
import { formatDateTime } from '../format';
import { categories, messages, statuses } from '../messages';
import { useGetMyComplaintsQuery } from '../quality-api';
import '../quality.css';

const m = messages.mine;

/** « Mes réclamations »: a signed-in learner's or trainer's complaints, their status and the centre's answers (docs/adr/0048). */
export function MyComplaintsPage() {
  const list = useGetMyComplaintsQuery();
  return (
    <WorkPage title={m.title} testId="my-complaints" extra={<Link to="/reclamation">{m.fileOne}</Link>}>
      <p>{m.intro}</p>
      <LoadState loading={list.isLoading} failed={list.isError} />
      {list.data ? (
        list.data.length === 0 ? (
          <p>{m.none}</p>
        ) : (
          <ul className="quality-list">
            {list.data.map((c) => (
              <li key={c.id} className="quality-card">
                <div className="quality-card__head">
                  <strong>{c.reference}</strong>
                  <Tag>{statuses[c.status as keyof typeof statuses]}</Tag>
                  <span className="quality-card__meta">
                    {categories[c.category as keyof typeof categories]} · {m.receivedAt} {formatDateTime(c.received_at)}
                    {c.course ? ` · ${m.course} : ${c.course.title ?? c.course.id}` : ''}
                  </span>
                </div>
                <p className="quality-text">{c.message}</p>
                {c.answers.length === 0 ? (
                  <p className="quality-card__meta">{m.noAnswer}</p>
                ) : (
                  c.answers.map((a) => (
                    <div key={a.id} className="quality-answer">
                      <div className="quality-card__meta">
                        {m.answer} · {formatDateTime(a.answered_at)}
                      </div>
                      <p className="quality-text">{a.message}</p>
                    </div>
                  ))
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </WorkPage>
  );
}
