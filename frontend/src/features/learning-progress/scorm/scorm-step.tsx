import { useEffect, useRef, useState } from 'react';
import { CheckCircleOutlined, CloudUploadOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { ScormFrame } from '../../../components/content-step';
import { useLazyGetScormProgressQuery } from '../progress-api';
import { messages as m } from '../messages';
import type { QueueState, ScormCommitQueue } from './commit-queue';
import { startScormRuntime, type ScoSettings, type ScormRuntime, type ScormVersion } from './scorm-runtime';

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

/**
 * A SCORM step: the package's SCOs (several: a list to move between them), each launched in the
 * 600 px frame with its runtime set up first and resumed from what the server kept, its commits
 * sent through the player's queue. Commits left from a previous visit are sent before the state
 * is read back, so the package resumes from its newest one.
 */
export function ScormStep({
  course,
  chapter,
  student,
  learnerName,
  version,
  title,
  scormUrl,
  items,
  queue,
  queueState,
  listenTo,
}: {
  course: number;
  chapter: number;
  student: number;
  learnerName: string;
  version: ScormVersion;
  title: string;
  scormUrl: string;
  items: readonly ScoItem[];
  queue: ScormCommitQueue;
  queueState: QueueState;
  /** The frame's input counts as the learner's activity. */
  listenTo: (target: Document | null) => () => void;
}) {
  const scos = items.length > 0 ? items : [{ identifier: '', title, url: scormUrl }];
  const [index, setIndex] = useState(0);
  // The SCO whose runtime is on the window: its frame is drawn only then, never before its API exists.
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [committed, setCommitted] = useState(false);
  const [readProgress] = useLazyGetScormProgressQuery();
  const sco = scos[Math.min(index, scos.length - 1)]!;
  const stopInput = useRef<() => void>(() => undefined);
  const move = useRef((where: 'next' | 'previous') => setIndex((i) => Math.max(0, Math.min(scos.length - 1, i + (where === 'next' ? 1 : -1)))));

  useEffect(() => {
    let runtime: ScormRuntime | null = null;
    let alive = true;
    setFailed(false);
    // A package always names its SCOs (the server lists them from its manifest); the server names the first one itself otherwise.
    const where = { course, chapter, ...(sco.identifier ? { sco: sco.identifier } : {}) };
    void (async () => {
      try {
        await queue.settled();
        const saved = await readProgress({ student, chapter }).unwrap();
        if (!alive) return;
        const state = saved.scos.find((s) => s.sco === where.sco) ?? (scos.length === 1 ? saved.scos[0] : undefined);
        runtime = await startScormRuntime({
          version,
          resume: state ? { cmi: state.cmi as Record<string, unknown>, total_time: state.total_time } : null,
          learner: { id: String(student), name: learnerName },
          settings: scoSettings(sco),
          onCommit: (cmi, final) => {
            setCommitted(true);
            queue.enqueue(where, cmi, final);
          },
          onNavigate: (to) => move.current(to),
        });
        if (alive) setReadyFor(sco.url);
        else runtime.detach();
      } catch {
        if (alive) setFailed(true);
      }
    })();
    // The page going away: data the package set without committing goes as a last commit.
    const leave = () => {
      // Leaving ends the SCO (SCORM 1.2's rules: the server completes a status still « not attempted »).
      // A SCO left without LMSFinish ends there: its last state goes, flagged final, even when it set nothing.
      if (runtime && (runtime.dirty() || runtime.unfinished())) queue.enqueue(where, runtime.snapshot(), true);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      alive = false;
      window.removeEventListener('pagehide', leave);
      // The frame is gone (its own unload handler committed through the runtime): same last check.
      leave();
      stopInput.current();
      runtime?.detach();
    };
    // The SCO is named by its launch address (scos is derived from items on every render).
  }, [course, chapter, student, learnerName, version, sco.url, queue, readProgress]);

  const list =
    scos.length > 1 ? (
      <nav aria-label={m.scorm.parts} className="scorm-parts">
        <ol>
          {scos.map((item, i) => (
            <li key={item.identifier}>
              <button type="button" className={i === index ? 'scorm-parts__item is-current' : 'scorm-parts__item'} aria-current={i === index ? 'step' : undefined} onClick={() => setIndex(i)}>
                <span className="scorm-parts__number">{m.scorm.part(i + 1, scos.length)}</span> {item.title}
              </button>
            </li>
          ))}
        </ol>
      </nav>
    ) : null;

  if (failed) return <p className="content-step__notice content-step__notice--warning" role="alert">{m.scorm.runtimeFailed}</p>;
  if (readyFor !== sco.url) {
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
      key={sco.url}
      title={scos.length > 1 ? `${title} : ${sco.title}` : title}
      src={sco.url}
      before={list}
      after={<SaveIndicator state={queueState} committed={committed} />}
      onFrameLoad={(frame) => {
        stopInput.current();
        stopInput.current = listenTo(frame.contentDocument);
      }}
    />
  );
}
