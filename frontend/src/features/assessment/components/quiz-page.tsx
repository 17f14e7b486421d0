import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { usePageTitle } from '../../../lib/hooks';
import { Panel } from '../../../components/panel';
import { StatusMessage } from '../../../components/status';
import { messages as m } from '../messages';
import '../assessment.css';

/** A quiz screen: a panel with a way back, the page's heading and its actions. */
export function QuizPage({ title, actions, back, children }: { title: string; actions?: ReactNode; back?: { to: string; label: string }; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Panel className="page-card quiz-page">
      {back ? (
        <Link to={back.to} className="quiz-page__back">
          <ArrowLeftOutlined aria-hidden /> {back.label}
        </Link>
      ) : null}
      <div className="quiz-page__head">
        <h1 className="quiz-page__title">{title}</h1>
        {actions ? <div className="quiz-page__actions">{actions}</div> : null}
      </div>
      {children}
    </Panel>
  );
}

/** What a screen shows until its data is there: a spinner, « introuvable » on a 404, or the failure. */
export function Pending({ loading, error, failure = m.common.loadFailed }: { loading: boolean; error?: unknown; failure?: string }) {
  if (loading) {
    return (
      <div className="quiz-page__loading">
        <Spin aria-label={m.common.loading} />
      </div>
    );
  }
  if (!error) return null;
  if (isNotFound(error)) return <StatusMessage kind="not-found" title={m.common.notFound} text={m.common.notFoundText} />;
  return <StatusMessage kind="failure" title={failure} />;
}

export const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/** The spec cuts a quiz's detail at 50 characters in the lists (02 §9, 03 §9). */
export const DETAIL_LIMIT = 50;

export function cut(text: string | null | undefined, limit = DETAIL_LIMIT): string {
  const value = (text ?? '').trim();
  return value.length > limit ? `${value.slice(0, limit).trimEnd()}…` : value;
}
