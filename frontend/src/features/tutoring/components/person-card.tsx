import type { ReactNode } from 'react';
import { PersonAvatar } from '../../../components/avatar';

/** The initials avatar of /my-teachers: the name's first two letters, 'UN' without a name (01 §2.4, §9). */
export function firstTwoLetters(name: string | null | undefined): string {
  const letters = Array.from((name ?? '').trim()).slice(0, 2).join('');
  return letters ? letters.toUpperCase() : 'UN';
}

export interface Fact {
  label: string;
  value: ReactNode;
}

/**
 * A trainer or a student in a list: the initials avatar, the name (a heading), what to know
 * (e-mail, phone…), badges beside the name, and the actions.
 */
export function PersonCard({ name, heading, badges, facts, actions }: { name: string; heading?: ReactNode; badges?: ReactNode; facts: Fact[]; actions: ReactNode }) {
  return (
    <li className="person-card" data-testid="person-card">
      <PersonAvatar name={name} letters={firstTwoLetters(name)} size={48} />
      <div className="person-card__body">
        <div className="person-card__head">
          <h2 className="person-card__name">{heading ?? name}</h2>
          {badges}
        </div>
        <dl className="person-card__facts">
          {facts.map((fact) => (
            <div key={fact.label} className="person-card__fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="person-card__actions">{actions}</div>
    </li>
  );
}
