import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './stat-cards.css';

export interface StatCard {
  to: string;
  label: string;
  /** Undefined while it loads: a dash stands in. */
  value: number | undefined;
  icon: ReactNode;
}

/** A dashboard's counters, each a link to the screen that lists what it counts. */
export function StatCards({ label, cards }: { label: string; cards: StatCard[] }) {
  return (
    <section className="stat-cards" aria-label={label}>
      {cards.map((card) => (
        <Link key={card.label} to={card.to} className="stat-card" data-testid="stat-card">
          <span className="stat-card__icon" aria-hidden>
            {card.icon}
          </span>
          <span className="stat-card__value">{card.value ?? '–'}</span>
          <span className="stat-card__label">{card.label}</span>
        </Link>
      ))}
    </section>
  );
}

export interface QuickLink {
  to: string;
  label: string;
  icon?: ReactNode;
}

/** A dashboard's quick links, under their heading. */
export function QuickActions({ title, links }: { title: string; links: QuickLink[] }) {
  const id = useId();
  return (
    <section className="panel quick-actions" aria-labelledby={id}>
      <div className="panel__body">
        <h2 id={id} className="quick-actions__title">
          {title}
        </h2>
        <div className="quick-actions__links">
          {links.map((link) => (
            <Link key={link.to + link.label} to={link.to} className="button-link">
              {link.icon ? <span aria-hidden>{link.icon}</span> : null} {link.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
