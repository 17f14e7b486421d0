import type { ReactNode } from 'react';

/** A full-width content page: its heading (one h1), an optional intro, then the page. */
export function ContentPage({
  title,
  intro,
  eyebrow,
  extra,
  children,
  narrow = false,
}: {
  title: ReactNode;
  intro?: ReactNode;
  eyebrow?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  /** Reading width, for text pages. */
  narrow?: boolean;
}) {
  return (
    <div className={narrow ? 'content-page content-page--narrow' : 'content-page'}>
      <header className="content-page__head">
        <div>
          {eyebrow ? <div className="content-page__eyebrow">{eyebrow}</div> : null}
          <h1 className="content-page__title">{title}</h1>
          {intro ? <p className="content-page__intro">{intro}</p> : null}
        </div>
        {extra ? <div className="content-page__extra">{extra}</div> : null}
      </header>
      {children}
    </div>
  );
}
