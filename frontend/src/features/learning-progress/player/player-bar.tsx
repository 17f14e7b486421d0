import { Link } from 'react-router-dom';
import { ArrowLeftOutlined, CheckCircleFilled, LockOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { OutlineMark } from '../../../components/content-step';
import { messages as m } from '../messages';
import type { StepState } from './step-states';
import { formatPercent } from '../../../lib/format';

/** A step's state in the outline: validated, to do, or locked (said in words for screen readers). */
export function stateMark(state: StepState): OutlineMark {
  const [icon, label] =
    state === 'validated'
      ? [<CheckCircleFilled key="icon" aria-hidden />, m.player.validatedStep]
      : state === 'locked'
        ? [<LockOutlined key="icon" aria-hidden />, m.player.lockedStep]
        : [<span key="icon" className="player-state__dot" aria-hidden />, m.player.openStep];
  return {
    state,
    mark: (
      <span className={`player-state is-${state}`}>
        {icon}
        <span className="visually-hidden">{label}</span>
      </span>
    ),
  };
}

/**
 * The player's top bar: back to /my-courses, the course's title, its completion, and the outline's
 * toggle (a drawer on a narrow screen, the sidebar folded or not otherwise).
 */
export function PlayerBar({
  title,
  percent,
  toggle,
}: {
  title: string;
  percent: number;
  /** Absent for a course without steps. */
  toggle?: { narrow: boolean; outlineOpen: boolean; drawerOpen: boolean; onClick: () => void };
}) {
  return (
    <header className="course-reader__bar">
      <Link to="/my-courses" className="course-reader__back">
        <ArrowLeftOutlined aria-hidden /> {m.player.back}
      </Link>
      <h1 className="course-reader__title">{title}</h1>
      <div className="course-player__completion" data-testid="course-completion">
        <span className="course-player__badge" aria-hidden>
          {formatPercent(percent)}
        </span>
        <span className="course-player__meter" aria-hidden>
          <span style={{ width: `${percent}%` }} />
        </span>
        <span className="visually-hidden">
          {m.player.completionLabel} : {m.player.completion(percent)}
        </span>
      </div>
      {toggle ? (
        <button
          type="button"
          className="button course-reader__toggle"
          aria-expanded={toggle.narrow ? toggle.drawerOpen : toggle.outlineOpen}
          aria-controls={toggle.narrow ? undefined : 'player-outline'}
          onClick={toggle.onClick}
        >
          {(toggle.narrow ? !toggle.drawerOpen : toggle.outlineOpen) ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}{' '}
          {toggle.narrow || !toggle.outlineOpen ? m.player.showOutline : m.player.hideOutline}
        </button>
      ) : null}
    </header>
  );
}
