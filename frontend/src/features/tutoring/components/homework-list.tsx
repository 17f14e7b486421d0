import type { ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { downloadWithSession } from '../../../lib/download';
import { formatDue, formatTime } from '../format';
import { messages as m } from '../messages';
import type { Homework } from '../tutoring-types';
import { HomeworkStatus } from './badges';

/** A size as French readers write it: « 12 Ko », « 1,5 Mo ». */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(Math.round((bytes / 1024 / 1024) * 10) / 10).toLocaleString('fr-FR')} Mo`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024).toLocaleString('fr-FR')} Ko`;
  return `${bytes} octets`;
}

/** The work handed in (every submission, late ones flagged, its files to download) and the trainer's grade and feedback (docs/adr/0044). */
export function HomeworkWork({ homework }: { homework: Homework }) {
  const graded = homework.grade !== null;
  if (homework.submissions.length === 0 && !graded) return null;
  return (
    <div className="homework__work">
      {homework.submissions.length ? (
        <section aria-label={m.homework.submissionsTitle}>
          <h3 className="homework__subtitle">{m.homework.submissionsTitle}</h3>
          <ol className="homework__submissions">
            {[...homework.submissions].reverse().map((s) => (
              <li key={s.id} className="homework__submission" data-testid="homework-submission">
                <p className="homework__meta">
                  {m.homework.submissionOf(s.number, formatTime(s.submitted_at))}
                  {s.late ? (
                    <Tag color="error" className="homework__late">
                      {m.homework.late}
                    </Tag>
                  ) : null}
                </p>
                <p className="homework__answer">{s.answer || m.homework.noAnswerText}</p>
                {s.files.length ? (
                  <ul className="homework__files">
                    {s.files.map((f) => (
                      <li key={f.id}>
                        <Button
                          size="small"
                          icon={<DownloadOutlined aria-hidden />}
                          aria-label={m.homework.download(f.file_name, fileSize(f.size))}
                          onClick={() => void downloadWithSession(`/api/homework-files/${f.id}`, f.file_name, { failed: m.homework.downloadFailed, done: m.homework.downloaded })}
                        >
                          {f.file_name} ({fileSize(f.size)})
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {graded ? (
        <section className="homework__grade" aria-label={m.homework.gradeTitle} data-testid="homework-grade">
          <h3 className="homework__subtitle">
            {m.homework.gradeTitle} : <strong>{m.homework.gradeValue(homework.grade!, homework.out_of)}</strong>
          </h3>
          {homework.feedback ? (
            <p className="homework__feedback">
              <span className="homework__feedback-label">{m.homework.feedback} : </span>
              {homework.feedback}
            </p>
          ) : null}
          {homework.graded_at ? <p className="homework__meta">{m.homework.gradedOn(formatTime(homework.graded_at))}</p> : null}
        </section>
      ) : null}
    </div>
  );
}

/** Homework, each with its title, state badge, detail (as written, line breaks kept), due date, the work handed in and its grade, who gave it and when, and an action. */
export function HomeworkList({ items, meta, action }: { items: Homework[]; meta: (homework: Homework) => string; action?: (homework: Homework) => ReactNode }) {
  return (
    <ul className="homework-list">
      {items.map((homework) => (
        <li key={homework.id} className="homework" data-testid="homework">
          <div className="homework__head">
            <h2 className="homework__title">{homework.title}</h2>
            <HomeworkStatus done={homework.student_status} handedIn={homework.submissions.length > 0} />
          </div>
          <p className="homework__detail">{homework.detail}</p>
          {homework.due_at ? <p className="homework__due">{m.homework.dueOn(formatDue(homework.due_at))}</p> : null}
          <HomeworkWork homework={homework} />
          <div className="homework__foot">
            <p className="homework__meta">{meta(homework)}</p>
            {action ? <div className="homework__actions">{action(homework)}</div> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
