/**
 * The SCORM runtime of the player (loaded in a chunk of its own, with scorm-again, only when a
 * SCORM step is shown): the SCORM 1.2 (`window.API`) or 2004 (`window.API_1484_11`) object the
 * package looks for in its parent window, set before the frame loads, filled with the state saved
 * last time (location, suspend_data, statuses, score, total time), and reporting each commit of
 * the package (LMSCommit/Commit, and the final one of LMSFinish/Terminate) as flat cmi_data.
 */
import { exposeScormApi } from '../../../lib/scorm-bridge';
import type { CmiData, CmiRecord } from './commit-queue';

export type ScormVersion = '1.2' | '2004';

/** The state GET /scorm-progress/ gives back for a SCO: the last cmi_data sent, whole, and the total time. */
export interface ScoResume {
  cmi: Record<string, unknown>;
  total_time: number;
}

/** What the manifest gives a SCO's run-time (null: not given). */
export interface ScoSettings {
  /** 1.2 adlcp:masteryscore: cmi.student_data.mastery_score. */
  masteryScore: number | null;
  /** adlcp:datafromlms: cmi.launch_data. */
  launchData: string | null;
  /** 2004 adlcp:completionThreshold: cmi.completion_threshold. */
  completionThreshold: number | null;
  /** 2004 minNormalizedMeasure (satisfied by measure): cmi.scaled_passing_score. */
  scaledPassingScore: number | null;
}

export const NO_SCO_SETTINGS: ScoSettings = { masteryScore: null, launchData: null, completionThreshold: null, scaledPassingScore: null };

/**
 * How the SCO runs: a learner's run is `normal` with `credit` (the server keeps it as evidence); a
 * preview (trainer, admin) is `browse` with `no-credit` and saves nothing.
 */
export type RuntimeMode = 'normal' | 'browse';

export interface RuntimeOptions {
  version: ScormVersion;
  resume: ScoResume | null;
  learner: { id: string; name: string };
  /** The manifest's values for this SCO (none: nothing given). */
  settings?: ScoSettings;
  /** `normal` (the default) or `browse` (a preview: no-credit). */
  mode?: RuntimeMode;
  /** A commit of the package: `final` for the one LMSFinish/Terminate makes. */
  onCommit: (cmi: CmiData, final: boolean) => void;
  /**
   * What the package asked the player to do once it terminated (2004 `adl.nav.request`, 1.2's
   * `nav.event` extension), called after LMSFinish/Terminate has answered and its final commit is queued.
   */
  onNavigate?: (request: NavRequest) => void;
  /** Whether there is a SCO before and after this one: the package reads it as `adl.nav.request_valid.continue/previous` (2004). */
  navigation?: { continue: boolean; previous: boolean };
}

/** A navigation request of the package (SCORM 2004 RTE 4.4.2), its target for a choice or a jump. */
export interface NavRequest {
  request: 'continue' | 'previous' | 'choice' | 'jump' | 'exit' | 'exitAll' | 'abandon' | 'abandonAll' | 'suspendAll';
  target?: string;
}

/** Reads `adl.nav.request` as the package set it ('_none_' or anything else unknown: null). */
export function parseNavRequest(value: string): NavRequest | null {
  const targeted = /^\{target=([^}]+)\}(choice|jump)$/.exec(value.trim());
  if (targeted) return { request: targeted[2] as 'choice' | 'jump', target: targeted[1] };
  const plain = ['continue', 'previous', 'exit', 'exitAll', 'abandon', 'abandonAll', 'suspendAll'] as const;
  return (plain as readonly string[]).includes(value.trim()) ? { request: value.trim() as NavRequest['request'] } : null;
}

export interface ScormRuntime {
  /** The data as the package left it, for a last commit when the page goes (if it committed nothing since). */
  snapshot: () => CmiData;
  /** Whether the package set values since its last commit. */
  dirty: () => boolean;
  /** Whether the SCO was initialised and has not finished (LMSFinish/Terminate): leaving it ends it. */
  unfinished: () => boolean;
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

/**
 * The flattened CMI to load before the package initialises: where it resumes, who the learner is,
 * the mode and credit, and what the manifest gives the SCO (mastery score, launch data, thresholds).
 */
export function resumeData(
  version: ScormVersion,
  resume: ScoResume | null,
  learner: { id: string; name: string },
  settings: ScoSettings = NO_SCO_SETTINGS,
  mode: RuntimeMode = 'normal',
): Record<string, string> {
  const cmi = resume?.cmi ?? {};
  const credit = mode === 'browse' ? 'no-credit' : 'credit';
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
      'cmi.core.credit': credit,
      'cmi.core.lesson_mode': mode,
      'cmi.suspend_data': cmi.suspend_data,
      'cmi.launch_data': settings.launchData,
      'cmi.student_data.mastery_score': settings.masteryScore,
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
    'cmi.credit': credit,
    'cmi.mode': mode,
    'cmi.suspend_data': cmi.suspend_data,
    'cmi.launch_data': settings.launchData,
    'cmi.completion_threshold': settings.completionThreshold,
    'cmi.scaled_passing_score': settings.scaledPassingScore,
  });
}

/**
 * The score as the package set it, each figure on its own (a number, or null when not set): raw,
 * min and max (and 2004's scaled, beside them), never one figure for another; `score`, the spec's
 * field, is the raw score. The server checks them and builds the xAPI result from them (ADR 0027).
 */
function scoreData(score: Json): CmiData {
  return { score: num(score.raw), score_raw: num(score.raw), score_min: num(score.min), score_max: num(score.max) };
}

/** scorm-again renders a CMI array as an array or as an object keyed '0', '1', … */
const entries = (value: unknown): Json[] => {
  if (Array.isArray(value)) return value.filter((v): v is Json => typeof v === 'object' && v !== null);
  if (typeof value !== 'object' || value === null) return [];
  const list = (value as Json).childArray ?? value;
  return Object.entries(list as Json)
    .filter(([key, v]) => /^\d+$/.test(key) && typeof v === 'object' && v !== null)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, v]) => v as Json);
};

/** A record with its empty fields left out. */
const record = (pairs: Record<string, unknown>): CmiRecord =>
  Object.fromEntries(Object.entries(pairs).filter(([, value]) => str(value) !== '').map(([key, value]) => [key, str(value)]));

/**
 * A 1.2 objective's one status as 2004's two: passed and failed are a success on a completed
 * objective, completed, incomplete, browsed and not attempted a completion only (as the SCO's own
 * lesson_status, docs/learning-progress.md).
 */
function objectiveStatus12(status: unknown): { success_status: string; completion_status: unknown } {
  if (status === 'passed' || status === 'failed') return { success_status: status, completion_status: 'completed' };
  return { success_status: '', completion_status: status };
}

/** cmi.interactions and cmi.objectives as the server keeps them (id, type, learner response, result, latency, time; objective scores and statuses). */
export function reportedRecords(version: ScormVersion, cmi: Json): { interactions: CmiRecord[]; objectives: CmiRecord[] } {
  const interactions = entries(cmi.interactions).map((i) =>
    record({
      id: i.id,
      type: i.type,
      learner_response: version === '1.2' ? i.student_response : i.learner_response,
      result: i.result,
      latency: i.latency,
      timestamp: version === '1.2' ? i.time : i.timestamp,
      weighting: i.weighting,
      description: i.description,
    }),
  );
  const objectives = entries(cmi.objectives).map((o) => {
    const score = (o.score ?? {}) as Json;
    return record({
      id: o.id,
      score_raw: score.raw,
      score_min: score.min,
      score_max: score.max,
      score_scaled: score.scaled,
      ...(version === '1.2' ? objectiveStatus12(o.status) : { success_status: o.success_status, completion_status: o.completion_status }),
      progress_measure: o.progress_measure,
      description: o.description,
    });
  });
  return { interactions: interactions.filter((i) => i.id), objectives: objectives.filter((o) => o.id) };
}

/** What a commit sends (and GET /scorm-progress/ gives back whole): read from scorm-again's rendering of the CMI. */
export function commitData(version: ScormVersion, rendered: Json): CmiData {
  const cmi = (rendered.cmi ?? rendered) as Json;
  const { interactions, objectives } = reportedRecords(version, cmi);
  const lists = { ...(interactions.length > 0 ? { interactions } : {}), ...(objectives.length > 0 ? { objectives } : {}) };
  if (version === '1.2') {
    const core = (cmi.core ?? {}) as Json;
    const score = (core.score ?? {}) as Json;
    return {
      ...lists,
      lesson_status: str(core.lesson_status),
      ...scoreData(score),
      session_time: str(core.session_time),
      location: str(core.lesson_location),
      suspend_data: str(cmi.suspend_data),
      exit: str(core.exit),
    };
  }
  const score = (cmi.score ?? {}) as Json;
  return {
    ...lists,
    completion_status: str(cmi.completion_status),
    success_status: str(cmi.success_status),
    ...scoreData(score),
    score_scaled: num(score.scaled),
    progress_measure: str(cmi.progress_measure),
    session_time: str(cmi.session_time),
    location: str(cmi.location),
    suspend_data: str(cmi.suspend_data),
    exit: str(cmi.exit),
  };
}

/** The scorm-again settings of the player's run-time (docs/learning-progress.md, "SCORM run-time rules"). */
export const RUNTIME_SETTINGS = {
  lmsCommitUrl: false,
  autocommit: false,
  logLevel: 5 as const,
  autoProgress: false,
  autoCompleteLessonStatus: true,
  mastery_override: true,
  score_overrides_status: false,
};

/**
 * scorm-again's 1.2 defaults the RTE does not have: score.max starts at 100 (the RTE: empty until the
 * SCO sets it, emptied unless the saved state gives it), and the « not attempted » lesson_status it
 * starts with is taken at LMSInitialize for a status the SCO set, so a SCO that never sets one would
 * not be completed on LMSFinish: once initialised, a status nobody set is marked as not the SCO's.
 */
function clearDefaults(api: ScormApi, resume: ScoResume | null) {
  const saved = resume?.cmi ?? {};
  const internals = api as unknown as { statusSetByModule?: boolean; cmi?: { core?: { lesson_status?: string; score?: { _max?: string } } } };
  const score = internals.cmi?.core?.score;
  if (!str(saved.score_max) && score && '_max' in score) score._max = '';
  // The same for each objective's score: empty until the SCO sets cmi.objectives.n.score.max.
  const objectives = (api as unknown as { cmi?: { objectives?: { childArray?: { score?: { _max?: string } }[] } } }).cmi?.objectives;
  const maxSet = new Set<number>();
  api.on('LMSSetValue.cmi.objectives.*', (element) => {
    const match = /^cmi\.objectives\.(\d+)\.score\.max$/.exec(String(element));
    if (match) maxSet.add(Number(match[1]));
    objectives?.childArray?.forEach((objective, index) => {
      if (!maxSet.has(index) && objective.score && objective.score._max === '100') objective.score._max = '';
    });
  });
  if (!str(saved.lesson_status ?? saved.completion_status)) {
    api.on('LMSInitialize', () => {
      if (internals.cmi?.core?.lesson_status === 'not attempted') internals.statusSetByModule = false;
    });
  }
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
export async function startScormRuntime({ version, resume, learner, settings: sco, mode, onCommit, onNavigate, navigation }: RuntimeOptions): Promise<ScormRuntime> {
  // No URL to post to: scorm-again answers the package at once and the player's queue sends (and retries) each commit.
  // The RTE's own rules, so the package reads what the server will decide: a 1.2 status still « not attempted »
  // is completed on LMSFinish, the mastery score makes passed or failed (the server applies the same rules).
  const settings = { ...RUNTIME_SETTINGS };
  // The ES modules export the classes by name; the package's typings declare a default export.
  type Modules = { Scorm12API?: ApiClass; Scorm2004API?: ApiClass };
  const module = (version === '1.2' ? await import('scorm-again/scorm12') : await import('scorm-again/scorm2004')) as unknown as Modules;
  const Api = (version === '1.2' ? module.Scorm12API : module.Scorm2004API)!;
  const api = new Api(settings);
  api.loadFromFlattenedJSON(resumeData(version, resume, learner, sco, mode));
  if (version === '1.2') clearDefaults(api, resume);
  if (version === '2004' && navigation) {
    api.loadFromFlattenedJSON({ 'adl.nav.request_valid.continue': String(navigation.continue), 'adl.nav.request_valid.previous': String(navigation.previous) });
  }
  let changed = false;
  let started = false;
  let finished = false;
  // The request the package left in adl.nav.request, acted on once it terminates (scorm-again
  // raises no event of its own for suspendAll): after the call has answered, never inside it.
  let request: NavRequest | null = null;
  const navigate = (asked: NavRequest | null) => {
    if (asked) setTimeout(() => onNavigate?.(asked), 0);
  };
  const snapshot = (final = false) => commitData(version, api.renderCommitCMI(final) as Json);
  const names = version === '1.2' ? { set: 'LMSSetValue.cmi.*', commit: 'LMSCommit', finish: 'LMSFinish' } : { set: 'SetValue.cmi.*', commit: 'Commit', finish: 'Terminate' };
  api.on(names.set, () => {
    changed = true;
  });
  api.on(names.commit, () => {
    changed = false;
    onCommit(snapshot(), false);
  });
  api.on(version === '1.2' ? 'LMSInitialize' : 'Initialize', () => {
    started = true;
  });
  api.on(names.finish, () => {
    changed = false;
    finished = true;
    const final = snapshot(true);
    // suspendAll keeps the SCO's state for the next launch, whatever cmi.exit said.
    if (request?.request === 'suspendAll') final.exit = 'suspend';
    // The request goes with the SCO's last commit: the server ends the attempt of the package on exitAll and abandonAll.
    if (request) final.nav_request = request.request;
    onCommit(final, true);
    navigate(request);
    request = null;
  });
  if (version === '2004') {
    api.on('SetValue.adl.nav.request', (_element, value) => {
      request = parseNavRequest(str(value));
    });
  } else {
    api.on('SequenceNext', () => navigate({ request: 'continue' }));
    api.on('SequencePrevious', () => navigate({ request: 'previous' }));
  }
  if (version === '1.2') window.API = api;
  else window.API_1484_11 = api;
  // The package runs on the content origin: the API reaches it by postMessage only (docs/adr/0025).
  const withdraw = exposeScormApi(api);
  return {
    snapshot: () => snapshot(),
    dirty: () => changed,
    unfinished: () => started && !finished,
    detach: () => {
      withdraw();
      if (version === '1.2' && window.API === api) delete window.API;
      if (version === '2004' && window.API_1484_11 === api) delete window.API_1484_11;
    },
  };
}
