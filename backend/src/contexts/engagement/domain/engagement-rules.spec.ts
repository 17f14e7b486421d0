import type { EngagementSettingsValues } from '../contracts/engagement.events.js';
import { automaticReminderDue, elapsedShare, judgeEngagement, nextNth, type LearnerFigures, type PastReminder } from './engagement-rules.js';

const settings: EngagementSettingsValues = {
  notStartedEnabled: true, notStartedDays: 7, inactiveEnabled: true, inactiveDays: 14, behindEnabled: true, behindMarginPoints: 20,
  reminderIntervalDays: 7, maxReminders: 3,
};
const at = (iso: string) => new Date(iso);
const learner = (over: Partial<LearnerFigures> = {}): LearnerFigures => ({
  enrolledAt: at('2026-11-01T10:00:00Z'), lastActivityAt: null, percentage: 0, completed: false, session: null, ...over,
});

describe('judgeEngagement', () => {
  it('says « not started » once N days passed since the enrolment without any step opened, not a minute before', () => {
    expect(judgeEngagement(learner(), settings, at('2026-11-08T09:59:00Z'))).toBeNull();
    expect(judgeEngagement(learner(), settings, at('2026-11-08T10:00:00Z'))).toEqual({
      kind: 'not_started', episodeStart: at('2026-11-01T10:00:00Z'),
      figures: { days: 7, percentage: 0, expectedPercentage: null, threshold: 7, sessionId: null },
    });
  });

  it('says « inactive » N days after the last activity, counted from it (a new inactivity is a new alert)', () => {
    const started = learner({ lastActivityAt: at('2026-11-10T08:00:00Z'), percentage: 40 });
    expect(judgeEngagement(started, settings, at('2026-11-24T07:59:00Z'))).toBeNull();
    expect(judgeEngagement(started, settings, at('2026-11-24T08:00:00Z'))).toMatchObject({ kind: 'inactive', episodeStart: at('2026-11-10T08:00:00Z'), figures: { days: 14, percentage: 40 } });
  });

  it('says « behind » when the progress is more than the margin below the share of the session elapsed (Paris days)', () => {
    // A session of 10 days, 1–10 December: on the 6th (Paris), 60 % elapsed; 39 % is behind by more than 20 points, 40 % is not.
    const session = { id: 4, startDate: '2026-12-01', endDate: '2026-12-10' };
    const now = at('2026-12-06T10:00:00Z');
    const active = { lastActivityAt: at('2026-12-05T10:00:00Z'), session };
    expect(judgeEngagement(learner({ ...active, percentage: 40 }), settings, now)).toBeNull();
    expect(judgeEngagement(learner({ ...active, percentage: 39 }), settings, now)).toEqual({
      kind: 'behind', episodeStart: at('2026-12-01T00:00:00Z'),
      figures: { days: null, percentage: 39, expectedPercentage: 60, threshold: 20, sessionId: 4 },
    });
    // 23:30 UTC on the 5th is already the 6th in Paris.
    expect(judgeEngagement(learner({ ...active, percentage: 39 }), settings, at('2026-12-05T23:30:00Z'))?.figures.expectedPercentage).toBe(60);
  });

  it('raises nothing before the session starts, for a finished course, or for a kind switched off', () => {
    const session = { id: 4, startDate: '2026-12-01', endDate: '2026-12-10' };
    expect(judgeEngagement(learner({ lastActivityAt: at('2026-11-28T10:00:00Z'), session }), settings, at('2026-11-30T10:00:00Z'))).toBeNull();
    expect(judgeEngagement(learner({ completed: true, percentage: 100 }), settings, at('2027-01-01T00:00:00Z'))).toBeNull();
    expect(judgeEngagement(learner(), { ...settings, notStartedEnabled: false }, at('2027-01-01T00:00:00Z'))).toBeNull();
    expect(judgeEngagement(learner({ lastActivityAt: at('2026-11-02T10:00:00Z') }), { ...settings, inactiveEnabled: false }, at('2027-01-01T00:00:00Z'))).toBeNull();
  });

  it('gives one kind at most: not started first, then inactive, then behind', () => {
    const session = { id: 4, startDate: '2026-11-01', endDate: '2026-11-30' };
    expect(judgeEngagement(learner({ session }), settings, at('2026-11-20T10:00:00Z'))?.kind).toBe('not_started');
    expect(judgeEngagement(learner({ session, lastActivityAt: at('2026-11-02T10:00:00Z'), percentage: 5 }), settings, at('2026-11-20T10:00:00Z'))?.kind).toBe('inactive');
    expect(judgeEngagement(learner({ session, lastActivityAt: at('2026-11-19T10:00:00Z'), percentage: 5 }), settings, at('2026-11-20T10:00:00Z'))?.kind).toBe('behind');
  });
});

describe('elapsedShare', () => {
  it('counts the first day as elapsed and reaches 100 on the last', () => {
    expect(elapsedShare('2026-12-01', '2026-12-10', '2026-11-30')).toBe(0);
    expect(elapsedShare('2026-12-01', '2026-12-10', '2026-12-01')).toBe(10);
    expect(elapsedShare('2026-12-01', '2026-12-10', '2026-12-10')).toBe(100);
    expect(elapsedShare('2026-12-01', '2026-12-01', '2026-12-01')).toBe(100);
  });
});

describe('automaticReminderDue', () => {
  const alert = judgeEngagement(learner(), settings, at('2026-11-08T10:00:00Z'))!;
  const sent = (nth: number, decidedAt: string, over: Partial<PastReminder> = {}): PastReminder => ({ kind: 'not_started', episodeStart: alert.episodeStart, nth, decidedAt: at(decidedAt), ...over });

  it('sends the first at once, the next after the interval, none beyond the maximum', () => {
    expect(automaticReminderDue(alert, [], settings, at('2026-11-08T10:00:00Z'))).toBe(1);
    const one = [sent(1, '2026-11-08T10:00:00Z')];
    expect(automaticReminderDue(alert, one, settings, at('2026-11-15T09:59:00Z'))).toBeNull();
    expect(automaticReminderDue(alert, one, settings, at('2026-11-15T10:00:00Z'))).toBe(2);
    const three = [...one, sent(2, '2026-11-15T10:00:00Z'), sent(3, '2026-11-22T10:00:00Z')];
    expect(automaticReminderDue(alert, three, settings, at('2027-01-01T10:00:00Z'))).toBeNull();
    expect(automaticReminderDue(alert, three, { ...settings, maxReminders: 4 }, at('2027-01-01T10:00:00Z'))).toBe(4);
    expect(automaticReminderDue(alert, [], { ...settings, maxReminders: 0 }, at('2027-01-01T10:00:00Z'))).toBeNull();
  });

  it('waits the interval after any reminder of the enrolment (one by hand too), and counts a new alert from 1', () => {
    const manual = [sent(1, '2026-11-07T10:00:00Z', { kind: 'inactive', episodeStart: at('2026-10-01T00:00:00Z') })];
    expect(automaticReminderDue(alert, manual, settings, at('2026-11-08T10:00:00Z'))).toBeNull();
    expect(automaticReminderDue(alert, manual, settings, at('2026-11-14T10:00:00Z'))).toBe(1);
    expect(nextNth(alert, [sent(1, '2026-11-08T10:00:00Z'), sent(2, '2026-11-15T10:00:00Z')])).toBe(3);
  });
});
