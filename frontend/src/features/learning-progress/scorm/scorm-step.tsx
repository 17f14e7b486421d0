import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { CheckCircleOutlined, CloudUploadOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { ScormFrame } from '../../../components/content-step';
import { afterPackagesUnloaded } from '../../../lib/scorm-bridge';
import './scorm-step.css';
import { useUnloadBeforeLeaving } from './use-unload-before-leaving';
import { useLazyGetScormProgressQuery } from '../progress-api';
import { messages as m } from '../messages';
import type { QueueState, ScormCommitQueue } from './commit-queue';
import { newSessionId } from '../player/session-id';
import { startScormRuntime, type NavRequest, type ScoSettings, type ScormRuntime, type ScormVersion } from './scorm-runtime';

/** Where a learner's run is saved: the player's queue, its state, and the learner's activity. */
export interface ScormSaving {
  student: number;
  queue: ScormCommitQueue;
  queueState: QueueState;
  /** The frame's input counts as the learner's activity. */
  listenTo: (target: Document | null) => () => void;
}

export interface ScoItem {
  identifier: string;
  title: string;
  url: string;
  /** What the manifest gives the SCO's run-time (GET chapter's scorm_items). */
  mastery_score?: number | null;
  launch_data?: string | null;
  completion_threshold?: number | null;
  scaled_passing_score?: number | null;
}

/** The run-time settings of a SCO, from its item. */
export const scoSettings = (sco: ScoItem): ScoSettings => ({
  masteryScore: sco.mastery_score ?? null,
  launchData: sco.launch_data ?? null,
  completionThreshold: sco.completion_threshold ?? null,
  scaledPassingScore: sco.scaled_passing_score ?? null,
});

/** The discreet save indicator: saving, saved, or waiting to be sent again (never a silent loss). */
export function SaveIndicator({ state, committed }: { state: QueueState; committed: boolean }) {
  let content = null;
  if (state.failing && state.pending > 0) {
    content = (
      <span className="save-indicator save-indicator--pending">
        <ExclamationCircleOutlined aria-hidden /> {m.scorm.pending(state.pending)}
      </span>
    );
  } else if (state.pending > 0) {
    content = (
      <span className="save-indicator">
        <CloudUploadOutlined aria-hidden /> {m.scorm.saving}
      </span>
    );
  } else if (committed) {
    content = (
      <span className="save-indicator save-indicator--saved">
        <CheckCircleOutlined aria-hidden /> {m.scorm.saved}
      </span>
    );
  }
  return (
    <span role="status" aria-live="polite" data-testid="scorm-save-state">
      {content}
    </span>
  );
}

/** The SCO the package was last left in, when it was left suspended (its newest state says `exit: suspend`): -1 otherwise. */
export function suspendedSco(states: readonly { sco: string; cmi: Record<string, unknown>; updated_at: string }[], scos: readonly ScoItem[]): number {
  const newest = states.reduce<(typeof states)[number] | null>((last, state) => (last === null || state.updated_at >= last.updated_at ? state : last), null);
  return newest?.cmi.exit === 'suspend' ? scos.findIndex((item) => item.identifier === newest.sco) : -1;
}

/** How the package was left by its own request (2004 exitAll, suspendAll, a continue past its last SCO): the frame closed. */
type Closed = 'exit' | 'suspend' | 'end';

/**
 * A SCORM step: the package's SCOs (several: a list to move between them), each launched in the
 * 600 px frame with its runtime set up first and resumed from what the server kept for that SCO,
 * its commits sent through the player's queue under its identifier and a session of its own.
 * Commits left from a previous visit are sent before the state is read back, so the package
 * resumes from its newest one.
 *
 * A launch is the SCO's identifier and a counter: moving to another SCO, or back to one, relaunches
 * the frame and the runtime even when both SCOs share a launch URL. The package's navigation
 * requests move to the next or previous SCO (or the one it names), or close the package
 * (exitAll, which the server takes as the end of the attempt: the next opening starts afresh;
 * suspendAll, its state kept for the next launch). Before any of these moves the package is
 * unloaded and its last calls heard (the handshake of ADR 0025). Without `saving` (the trainer's
 * and admin's preview) the run-time runs in browse mode, no-credit, and sends nothing.
 */
export function ScormStep({
  course,
  chapter,
  learnerName,
  version,
  title,
  scormUrl,
  items,
  saving = null,
}: {
  course: number;
  chapter: number;
  learnerName: string;
  version: ScormVersion;
  title: string;
  scormUrl: string;
  items: readonly ScoItem[];
  /**
   * A learner's run (`normal`, `credit`): its commits go to the queue. Null for the trainer's and
   * admin's preview: the run-time runs in `browse`, `no-credit`, resumes nothing and sends nothing.
   */
  saving?: ScormSaving | null;
}) {
  const scos = items.length > 0 ? items : [{ identifier: '', title, url: scormUrl }];
  // The SCO shown and its launch (a counter: every move, even back to the same SCO, is a new launch).
  const [at, setAt] = useState({ index: 0, launch: 1 });
  const [closed, setClosed] = useState<Closed | null>(null);
  // The launch whose runtime is on the window: its frame is drawn only then, never before its API exists.
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [committed, setCommitted] = useState(false);
  const [readProgress] = useLazyGetScormProgressQuery();
  const index = Math.min(at.index, scos.length - 1);
  const sco = scos[index]!;
  const launchKey = closed ? null : `${at.launch}:${sco.identifier}`;
  const last = scos.length - 1;
  const stopInput = useRef<() => void>(() => undefined);
  // While the package is being unloaded, its last requests are not acted on: the player is already leaving.
  const leaving = useRef(false);
  const preview = saving === null;
  const student = saving?.student ?? 0;
  const queue = saving?.queue ?? null;
  // A learner leaving the page by one of its links: the package is unloaded first.
  useUnloadBeforeLeaving(!preview);
  const listenTo = useRef(saving?.listenTo);
  listenTo.current = saving?.listenTo;

  /** Leaves the SCO running: its package is unloaded first (its last calls heard), then `then` changes what is shown. */
  const leave = (then: () => void) => {
    leaving.current = true;
    afterPackagesUnloaded(() => {
      leaving.current = false;
      then();
    });
  };
  const launch = (to: number) =>
    leave(() => {
      setClosed(null);
      setAt((current) => ({ index: Math.max(0, Math.min(last, to)), launch: current.launch + 1 }));
    });
  const close = (how: Closed) => leave(() => setClosed(how));
  // The package's requests, read against the list as it is when they come.
  const onRequest = useRef<(request: NavRequest) => void>(() => undefined);
  onRequest.current = (request) => {
    if (leaving.current) return;
    switch (request.request) {
      case 'continue':
        if (index < last) launch(index + 1);
        else close('end');
        break;
      case 'previous':
        if (index > 0) launch(index - 1);
        else close('exit');
        break;
      case 'choice':
      case 'jump': {
        const to = scos.findIndex((item) => item.identifier === request.target);
        if (to >= 0) launch(to);
        break;
      }
      case 'exitAll':
      case 'abandonAll':
        close('exit');
        break;
      case 'suspendAll':
        close('suspend');
        break;
      default:
        // exit, abandon: the SCO ends; the learner picks what comes next from the list.
        break;
    }
  };

  useEffect(() => {
    if (launchKey === null) return undefined;
    let runtime: ScormRuntime | null = null;
    let alive = true;
    setFailed(false);
    // A package always names its SCOs (the server lists them from its manifest); the server names the first one itself otherwise.
    const where = { course, chapter, ...(sco.identifier ? { sco: sco.identifier } : {}), session: newSessionId() };
    void (async () => {
      try {
        // A preview reads no learner's state and starts every SCO afresh.
        let resume: { cmi: Record<string, unknown>; total_time: number } | null = null;
        if (queue) {
          await queue.settled();
          const saved = await readProgress({ student, chapter }).unwrap();
          if (!alive) return;
          // The step opened again: the package resumes at the SCO it was left suspended in, if any.
          const resumeAt = at.launch === 1 ? suspendedSco(saved.scos, scos) : -1;
          if (resumeAt >= 0 && resumeAt !== index) {
            setAt({ index: resumeAt, launch: 2 });
            return;
          }
          const state = saved.scos.find((s) => s.sco === where.sco) ?? (scos.length === 1 ? saved.scos[0] : undefined);
          resume = state ? { cmi: state.cmi as Record<string, unknown>, total_time: state.total_time } : null;
        }
        runtime = await startScormRuntime({
          version,
          resume,
          learner: { id: preview ? 'apercu' : String(student), name: learnerName },
          settings: scoSettings(sco),
          mode: preview ? 'browse' : 'normal',
          onCommit: (cmi, final) => {
            // The preview saves nothing: its run-time answers the package and keeps its data for this launch only.
            if (!queue) return;
            setCommitted(true);
            queue.enqueue(where, cmi, final);
          },
          onNavigate: (request) => {
            if (alive) onRequest.current(request);
          },
          navigation: { continue: index < last, previous: index > 0 },
        });
        if (alive) setReadyFor(launchKey);
        else runtime.detach();
      } catch {
        if (alive) setFailed(true);
      }
    })();
    // The page going away: data the package set without committing goes as a last commit.
    const lastCommit = () => {
      // Leaving ends the SCO (SCORM 1.2's rules: the server completes a status still « not attempted »).
      // A SCO left without LMSFinish ends there: its last state goes, flagged final, even when it set nothing.
      if (queue && runtime && (runtime.dirty() || runtime.unfinished())) queue.enqueue(where, runtime.snapshot(), true);
    };
    window.addEventListener('pagehide', lastCommit);
    return () => {
      alive = false;
      window.removeEventListener('pagehide', lastCommit);
      // The frame is gone (the player unloaded its package first: its unload handlers' calls have reached the runtime): same last check.
      lastCommit();
      stopInput.current();
      runtime?.detach();
    };
    // A launch is named by its key (scos is derived from items on every render; the SCO's place comes with the key).
  }, [course, chapter, student, learnerName, version, launchKey, queue, readProgress, preview]);

  const list =
    scos.length > 1 ? (
      <nav aria-label={m.scorm.parts} className="scorm-parts">
        <ol>
          {scos.map((item, i) => (
            <li key={item.identifier}>
              <button
                type="button"
                className={i === index ? 'scorm-parts__item is-current' : 'scorm-parts__item'}
                aria-current={i === index ? 'step' : undefined}
                onClick={() => {
                  // The SCO running is not relaunched by a click on itself; a closed package is.
                  if (i !== index || closed) launch(i);
                }}
              >
                <span className="scorm-parts__number">{m.scorm.part(i + 1, scos.length)}</span> {item.title}
              </button>
            </li>
          ))}
        </ol>
      </nav>
    ) : null;

  const foot = preview ? (
    <span className="scorm-preview-note" data-testid="scorm-preview-note">
      {m.scorm.previewNote}
    </span>
  ) : (
    <SaveIndicator state={saving.queueState} committed={committed} />
  );

  if (failed) return <p className="content-step__notice content-step__notice--warning" role="alert">{m.scorm.runtimeFailed}</p>;
  if (closed) {
    return (
      <div className="content-step__scorm">
        {list}
        <div className="content-step__notice scorm-closed" role="status" data-testid="scorm-closed">
          <p>{m.scorm.closed[closed]}</p>
          <Button type="primary" onClick={() => launch(closed === 'end' ? 0 : index)}>
            {closed === 'suspend' ? m.scorm.resume : m.scorm.relaunch}
          </Button>
        </div>
        <div className="content-step__scorm-foot">{foot}</div>
      </div>
    );
  }
  if (readyFor !== launchKey) {
    return (
      <>
        {list}
        <p className="content-step__notice" role="status">
          {m.scorm.loading}
        </p>
      </>
    );
  }
  return (
    <ScormFrame
      key={launchKey}
      title={scos.length > 1 ? `${title} : ${sco.title}` : title}
      src={sco.url}
      before={list}
      after={foot}
      onFrameLoad={(frame) => {
        stopInput.current();
        stopInput.current = listenTo.current?.(frame.contentDocument) ?? (() => undefined);
      }}
    />
  );
}
