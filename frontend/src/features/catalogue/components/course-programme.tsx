import './course-programme.css';
import { FilePdfOutlined } from '@ant-design/icons';
import { apiBaseUrl } from '../../../lib/base-query';
import { messages as m } from '../messages';
import { programmeItems, updatedLabel, type ProgrammeOf } from './programme-format';

/**
 * « Programme » on the course page (issue 29 item 1, docs/adr/0047): every item of the programme
 * sheet that is filled, its date of last update, and the printable PDF. Nothing when it is empty.
 */
export function CourseProgramme({ courseId, programme }: { courseId: number; programme: ProgrammeOf | undefined }) {
  if (!programme) return null;
  const items = programmeItems(programme);
  if (items.length === 0) return null;
  return (
    <section className="course-detail__section course-programme" aria-labelledby="course-programme" data-testid="course-programme">
      <div className="course-programme__head">
        <h2 id="course-programme">{m.programme.title}</h2>
        <a className="button-link course-programme__pdf" href={`${apiBaseUrl()}/course/${courseId}/programme.pdf`} download>
          <FilePdfOutlined aria-hidden /> {m.programme.pdf}
        </a>
      </div>
      {programme.updated_at ? <p className="course-programme__updated">{m.programme.updated(updatedLabel(programme.updated_at))}</p> : null}
      <dl className="course-programme__items">
        {items.map(([key, heading, text]) => (
          <div key={key} className="course-programme__item" data-item={key}>
            <dt>{heading}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
