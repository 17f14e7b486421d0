/**
 * The SCORM runtime of the player (loaded in a chunk of its own, with scorm-again, only when a
 * SCORM step is shown): the SCORM 1.2 (`window.API`) or 2004 (`window.API_1484_11`) object the
 * package looks for in its parent window, set before the frame loads, filled with the state saved
 * last time (location, suspend_data, statuses, score, total time), and reporting each commit of
 * the package (LMSCommit/Commit, and the final one of LMSFinish/Terminate) as flat cmi_data.
 */
import { exposeScormApi } from '../../../lib/scorm-bridge';
import type { CmiData } from './commit-queue';

export type ScormVersion = '1.2' | '2004';

/** The state GET /scorm-progress/ gives back for a SCO: the last cmi_data sent, whole, and the total time. */
export interface ScoResume {
  cmi: Record<string, unknown>;
  total_time: number;
}

export interface RuntimeOptions {
  version: ScormVersion;
  resume: ScoResume | null;
  learner: { id: string; name: string };
  /** A commit of the package: `final` for the one LMSFinish/Terminate makes. */
  onCommit: (cmi: CmiData, final: boolean) => void;
  /** The package asks for the next or previous SCO (1.2 nav.event, 2004 adl.nav.request). */
  onNavigate?: (where: 'next' | 'previous') => void;
}

export interface ScormRuntime {
  /** The data as the package left it, for a last commit when the page goes (if it committed nothing since). */
  snapshot: () => CmiData;
  /** Whether the package set values since its last commit. */
  dirty: () => boolean;
  /** Takes the API off the window (the next SCO gets its own). */
  detach: () => void;
}

type Json = Record<string, unknown>;
const str = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const num = (value: unknown): number | null => (str(value).trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value));

/** Seconds as SCORM 1.2's HHHH:MM:SS.SS or 2004's PT…S. */
export function scormDuration(version: ScormVersion, seconds: number): string {
  const total = Math.max(0, Math.round(seconds * 100) / 100);
  if (version === '2004') return `PT${Math.floor(total / 3600)}H${Math.floor((total % 3600) / 60)}M${Math.round((total % 60) * 100) / 100}S`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = (total % 60).toFixed(2).padStart(5, '0');
  return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${s}`;
}

/** The flattened CMI to load before the package initialises: where it resumes, and who the learner is. */
export function resumeData(version: ScormVersion, resume: ScoResume | null, learner: { id: string; name: string }): Record<string, string> {
  const cmi = resume?.cmi ?? {};
  // A package left suspended resumes; one that finished starts a new session of its own data.
  const entry = resume ? (str(cmi.exit) === 'suspend' || cmi.exit === undefined ? 'resume' : '') : 'ab-initio';
  const set = (pairs: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(pairs).filter(([, value]) => str(value) !== '').map(([key, value]) => [key, str(value)]));
  if (version === '1.2') {
    return set({
      'cmi.core.student_id': learner.id,
      'cmi.core.student_name': learner.name,
      'cmi.core.entry': entry,
      'cmi.core.lesson_location': cmi.location,
      'cmi.core.lesson_status': cmi.lesson_status ?? cmi.completion_status,
      'cmi.core.score.raw': cmi.score_raw ?? cmi.score,
      'cmi.core.score.min': cmi.score_min,
      'cmi.core.score.max': cmi.score_max,
      'cmi.core.total_time': resume ? scormDuration('1.2', resume.total_time) : '',
      'cmi.suspend_data': cmi.suspend_data,
    });
  }
  return set({
    'cmi.learner_id': learner.id,
    'cmi.learner_name': learner.name,
    'cmi.entry': entry,
    'cmi.location': cmi.location,
    'cmi.completion_status': cmi.completion_status,
    'cmi.success_status': cmi.success_status,
    'cmi.score.raw': cmi.score_raw,
    'cmi.score.min': cmi.score_min,
    'cmi.score.max': cmi.score_max,
    'cmi.score.scaled': cmi.score_scaled,
    'cmi.progress_measure': cmi.progress_measure,
    'cmi.total_time': resume ? scormDuration('2004', resume.total_time) : '',
    'cmi.suspend_data': cmi.suspend_data,
  });
}

/** What a commit sends (and GET /scorm-progress/ gives back whole): read from scorm-again's rendering of the CMI. */
export function commitData(version: ScormVersion, rendered: Json): CmiData {
  const cmi = (rendered.cmi ?? rendered) as Json;
  if (version === '1.2') {
    const core = (cmi.core ?? {}) as Json;
    const score = (core.score ?? {}) as Json;
    return {
      lesson_status: str(core.lesson_status),
      score: num(score.raw),
      score_raw: str(score.raw),
      score_min: str(score.min),
      score_max: str(score.max),
      session_time: str(core.session_time),
      location: str(core.lesson_location),
      suspend_data: str(cmi.suspend_data),
      exit: str(core.exit),
    };
  }
  const score = (cmi.score ?? {}) as Json;
  return {
    completion_status: str(cmi.completion_status),
    success_status: str(cmi.success_status),
    score: num(score.scaled) ?? num(score.raw),
    score_raw: str(score.raw),
    score_min: str(score.min),
    score_max: str(score.max),
    score_scaled: str(score.scaled),
    progress_measure: str(cmi.progress_measure),
    session_time: str(cmi.session_time),
    location: str(cmi.location),
    suspend_data: str(cmi.suspend_data),
    exit: str(cmi.exit),
  };
}

interface ScormApi {
  on: (event: string, callback: (...args: unknown[]) => void) => void;
  loadFromFlattenedJSON: (json: Record<string, string>) => void;
  renderCommitCMI: (terminate: boolean) => unknown;
}

type ApiClass = new (settings: Record<string, unknown>) => ScormApi;

declare global {
  interface Window {
    API?: unknown;
    API_1484_11?: unknown;
  }
}

/** Creates the API object of the version, loads the saved state, and puts it where the package finds it. */
export async function startScormRuntime({ version, resume, learner, onCommit, onNavigate }: RuntimeOptions): Promise<ScormRuntime> {
  // No URL to post to: scorm-again answers the package at once and the player's queue sends (and retries) each commit.
  const settings = { lmsCommitUrl: false, autocommit: false, logLevel: 5 as const, autoProgress: false };
  // The ES modules export the classes by name; the package's typings declare a default export.
  type Modules = { Scorm12API?: ApiClass; Scorm2004API?: ApiClass };
  const module = (version === '1.2' ? await import('scorm-again/scorm12') : await import('scorm-again/scorm2004')) as unknown as Modules;
  const Api = (version === '1.2' ? module.Scorm12API : module.Scorm2004API)!;
  const api = new Api(settings);
  api.loadFromFlattenedJSON(resumeData(version, resume, learner));
  let changed = false;
  const snapshot = (final = false) => commitData(version, api.renderCommitCMI(final) as Json);
  const names = version === '1.2' ? { set: 'LMSSetValue.cmi.*', commit: 'LMSCommit', finish: 'LMSFinish' } : { set: 'SetValue.cmi.*', commit: 'Commit', finish: 'Terminate' };
  api.on(names.set, () => {
    changed = true;
  });
  api.on(names.commit, () => {
    changed = false;
    onCommit(snapshot(), false);
  });
  api.on(names.finish, () => {
    changed = false;
    onCommit(snapshot(true), true);
  });
  api.on('SequenceNext', () => onNavigate?.('next'));
  api.on('SequencePrevious', () => onNavigate?.('previous'));
  if (version === '1.2') window.API = api;
  else window.API_1484_11 = api;
  // The package runs on the content origin: the API reaches it by postMessage only (docs/adr/0027).
  const withdraw = exposeScormApi(api);
  return {
    snapshot: () => snapshot(),
    dirty: () => changed,
    detach: () => {
      withdraw();
      if (version === '1.2' && window.API === api) delete window.API;
      if (version === '2004' && window.API_1484_11 === api) delete window.API_1484_11;
    },
  };
}
