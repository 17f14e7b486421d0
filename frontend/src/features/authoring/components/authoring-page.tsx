import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { usePageTitle } from '../../../app/hooks';
import { Panel } from '../../../components/panel';
import { StatusMessage } from '../../../components/status';
import { messages as m } from '../messages';
import '../authoring.css';

/** An authoring screen: a panel with the page's heading, its actions, and an optional way back. */
export function AuthoringPage({
  title,
  extra,
  back,
  children,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
}) {
  usePageTitle(title);
  return (
    <Panel className="page-card authoring-page" testId={testId}>
      {back ? (
        <Link to={back.to} className="authoring-page__back">
          <ArrowLeftOutlined aria-hidden /> {back.label}
        </Link>
      ) : null}
      <div className="authoring-page__head">
        <h1 className="authoring-page__title">{title}</h1>
        {extra ? <div className="authoring-page__extra">{extra}</div> : null}
      </div>
      {children}
    </Panel>
  );
}

/** Loading, failed or missing: what a screen shows until its data is there. */
export function LoadState({ loading, failed, notFound, failure = m.common.loadFailed }: { loading: boolean; failed: boolean; notFound?: boolean; failure?: string }) {
  if (loading) {
    return (
      <div className="authoring-page__loading">
        <Spin aria-label="Chargement" />
      </div>
    );
  }
  if (notFound) return <StatusMessage kind="not-found" title={m.common.notFound} text={m.common.notFoundText} />;
  if (failed) return <StatusMessage kind="failure" title={failure} />;
  return null;
}

/** A table's empty text in the readable grey (antd's is 1.8:1 on white). */
export function EmptyText({ text }: { text: string }) {
  return <span className="authoring-empty-text">{text}</span>;
}

/** A 404 of RTK Query. */
export const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;
