import { describe, expect, it } from 'vitest';
import { mergeIntervals, PlayTracker, uniqueSeconds } from './played-intervals';

describe('mergeIntervals', () => {
  it('joins overlapping and touching intervals, in order, and drops empty ones', () => {
    expect(mergeIntervals([[55, 92], [2, 60], [95, 95], [92, 93]])).toEqual([[2, 93]]);
    expect(uniqueSeconds([[0, 3], [97, 100], [1, 2]])).toBe(6);
  });
});

describe('PlayTracker', () => {
  it('extends an interval while positions follow each other, and counts a replayed part once', () => {
    const tracker = new PlayTracker();
    for (let t = 0; t <= 10; t += 0.25) tracker.at(t);
    tracker.cut();
    for (let t = 5; t <= 8; t += 0.25) tracker.at(t);
    expect(tracker.intervals()).toEqual([[0, 10]]);
    expect(tracker.seconds()).toBe(10);
  });

  it('starts a new interval after a seek: jumping to the end proves only what was played there', () => {
    const tracker = new PlayTracker();
    for (let t = 0; t <= 1; t += 0.25) tracker.at(t);
    tracker.cut();
    for (let t = 11; t <= 12; t += 0.25) tracker.at(t);
    expect(tracker.intervals()).toEqual([[0, 1], [11, 12]]);
    // A jump forward without a seeking event is a seek too.
    const jumpy = new PlayTracker();
    jumpy.at(0);
    jumpy.at(1);
    jumpy.at(30);
    jumpy.at(31);
    expect(jumpy.seconds()).toBe(2);
  });

  it('takes the ranges a provider reports (Vimeo getPlayed) with its own', () => {
    const tracker = new PlayTracker();
    tracker.add([[0, 20]]);
    tracker.at(18);
    tracker.at(19.5);
    tracker.at(21);
    expect(tracker.intervals()).toEqual([[0, 21]]);
  });
});
