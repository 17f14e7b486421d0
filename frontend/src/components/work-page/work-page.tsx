import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { usePageTitle } from '../../lib/hooks';
import { Panel } from '../panel';
import { StatusMessage } from '../status';
import { messages as m } from './messages';
import './work-page.css';

/** A screen of a role area: a panel with the page's heading, its actions, and an optional way back. */
export function WorkPage({
  title,
  extra,
  back,
  children,
  className,
  testId,
  documentTitle,
}: {
  title: string;
  /** The browser tab's title when it is not the heading (03: 'Détails étudiant | Admin'). */
  documentTitle?: string;
  extra?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  usePageTitle(documentTitle ?? title);
  return (
    <Panel className={className ? `page-card work-page ${className}` : 'page-card work-page'} testId={testId}>
      {back ? (
        <Link to={back.to} className="work-page__back">
          <ArrowLeftOutlined aria-hidden /> {back.label}
        </Link>
      ) : null}
      <div className="work-page__head">
        <h1 className="work-page__title">{title}</h1>
        {extra ? <div className="work-page__extra">{extra}</div> : null}
      </div>
      {children}
    </Panel>
  );
}

/** Loading, failed or missing: what a screen shows until its data is there. */
export function LoadState({ loading, failed, notFound, failure = m.loadFailed }: { loading: boolean; failed: boolean; notFound?: boolean; failure?: string }) {
  if (loading) {
    return (
      <div className="work-page__loading">
        <Spin aria-label={m.loading} />
      </div>
    );
  }
  if (notFound) return <StatusMessage kind="not-found" title={m.notFound} text={m.notFoundText} />;
  if (failed) return <StatusMessage kind="failure" title={failure} />;
  return null;
}

/** A table's or list's empty text in the readable grey (antd's is 1.8:1 on white). */
export function EmptyText({ text }: { text: string }) {
  return <span className="empty-text">{text}</span>;
}

/** A 404 of RTK Query. */
export const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;
