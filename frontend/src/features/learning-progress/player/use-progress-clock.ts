import { useCallback, useEffect, useRef, useState } from 'react';
import { send as defaultSend, type Send, type SendResult } from '../transport';
import type { Interval } from '../video/played-intervals';
import { ProgressSaver, type ProgressAnswer, type SaverState, type StepTarget } from './progress-saver';
import { newSessionId } from './session-id';

/** A beat every 10 s; the beats saved every 30 s and on leaving a step (01 §9, docs/learning-progress.md). */
export const BEAT_MS = 10_000;
export const SAVE_MS = 30_000;
/** pointermove fires constantly: one input time a second is enough. */
const INPUT_THROTTLE_MS = 1_000;
const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'scroll'] as const;

export type AnswerHandler = (target: StepTarget, answer: SendResult<ProgressAnswer>) => void;

export interface ProgressClock {
  /** The step now on screen (null: none): the previous one is saved, the new one opened. */
  show: (target: StepTarget | null) => void;
  /** The step's media plays (a beat says so: playing counts as active time). */
  setPlaying: (playing: boolean) => void;
  /** The video intervals played on the step on screen. */
  setPlayed: (intervals: readonly Interval[]) => void;
  /** Saves the step on screen now; `finish` is the finish button. */
  save: (request?: { finish?: boolean }) => Promise<SendResult<ProgressAnswer> | null>;
  /** Input inside a frame (a SCORM module): the page itself does not see it. */
  listenTo: (target: Window | Document | null) => () => void;
  /** Steps whose evidence waits for the server, and whether the last save failed (a retry is scheduled). */
  state: SaverState;
}

const sameTarget = (a: StepTarget | null, b: StepTarget | null) =>
  a === b || (a !== null && b !== null && a.chapter === b.chapter && (a.subchapter ?? null) === (b.subchapter ?? null) && a.content_type === b.content_type);

/**
 * The player's clock: beats every 10 s of the step on screen, saves every 30 s, on leaving a step,
 * when the page is hidden, and on `pagehide` with keepalive (the saver keeps what is not
 * acknowledged and sends it again). Each answer of the server goes to `onAnswer`.
 */
export function useProgressClock({ student, course, onAnswer, send = defaultSend }: { student: number; course: number; onAnswer: AnswerHandler; send?: Send }): ProgressClock {
  const [state, setState] = useState<SaverState>({ pending: 0, failing: false });
  const saverRef = useRef<ProgressSaver | null>(null);
  const current = useRef<StepTarget | null>(null);
  const playing = useRef(false);
  const lastInput = useRef<number | null>(null);
  const answer = useRef(onAnswer);
  answer.current = onAnswer;

  const saver = useCallback(() => {
    saverRef.current ??= new ProgressSaver({ send, student, course, sessionId: newSessionId(), onChange: setState });
    return saverRef.current;
  }, [send, student, course]);

  const beat = useCallback(
    (target: StepTarget) =>
      saver().beat(target, {
        visible: document.visibilityState === 'visible',
        focused: document.hasFocus(),
        playing: playing.current,
        lastInputAt: lastInput.current,
      }),
    [saver],
  );

  const saveStep = useCallback(
    async (target: StepTarget, request: { open?: boolean; finish?: boolean } = {}) => {
      const result = await saver().save(target, request);
      if (result) answer.current(target, result);
      return result;
    },
    [saver],
  );

  const show = useCallback(
    (target: StepTarget | null) => {
      const before = current.current;
      if (sameTarget(before, target)) return;
      if (before) {
        beat(before);
        void saveStep(before);
      }
      current.current = target;
      playing.current = false;
      if (target) {
        beat(target);
        void saveStep(target, { open: true });
      }
    },
    [beat, saveStep],
  );

  const noteInput = useCallback(() => {
    const now = Date.now();
    if (lastInput.current === null || now - lastInput.current >= INPUT_THROTTLE_MS) lastInput.current = now;
  }, []);

  const listenTo = useCallback(
    (target: Window | Document | null) => {
      if (!target) return () => undefined;
      for (const name of INPUT_EVENTS) target.addEventListener(name, noteInput, { passive: true, capture: true });
      return () => {
        for (const name of INPUT_EVENTS) target.removeEventListener(name, noteInput, { capture: true });
      };
    },
    [noteInput],
  );

  useEffect(() => {
    const stopInput = listenTo(window);
    const beats = window.setInterval(() => current.current && beat(current.current), BEAT_MS);
    const saves = window.setInterval(() => current.current && void saveStep(current.current), SAVE_MS);
    const hidden = () => {
      if (document.visibilityState !== 'hidden' || !current.current) return;
      beat(current.current);
      void saveStep(current.current);
    };
    const leave = () => {
      if (current.current) beat(current.current);
      saver().pageHide();
    };
    const online = () => void saver().flushAll();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leave);
    window.addEventListener('online', online);
    // What an earlier visit could not send goes first.
    void saver().flushAll();
    return () => {
      stopInput();
      window.clearInterval(beats);
      window.clearInterval(saves);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('online', online);
      // Leaving the player within the application: the step on screen is saved one last time.
      if (current.current) {
        beat(current.current);
        void saver().save(current.current);
      }
      current.current = null;
      saverRef.current?.dispose();
    };
  }, [beat, listenTo, saveStep, saver]);

  return {
    show,
    setPlaying: useCallback((value: boolean) => {
      playing.current = value;
    }, []),
    setPlayed: useCallback(
      (intervals: readonly Interval[]) => {
        if (current.current) saver().played(current.current, intervals);
      },
      [saver],
    ),
    save: useCallback((request: { finish?: boolean } = {}) => (current.current ? saveStep(current.current, request) : Promise.resolve(null)), [saveStep]),
    listenTo,
    state,
  };
}
