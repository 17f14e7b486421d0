import { api } from './api';
import type { ScormLaunchForm, ScormLaunchView } from './api-schema';

/**
 * POST /scorm-launch/: where a SCORM step's package is launched from (docs/adr/0025): the content
 * origin (another host than the app, the only origin the bridge talks to) and the launch page's
 * address, to be followed by the package file's path.
 */
export type ScormLaunch = ScormLaunchView;

export const scormLaunchApi = api.injectEndpoints({
  endpoints: (build) => ({
    launchScorm: build.mutation<ScormLaunch, ScormLaunchForm>({
      query: (body) => ({ url: 'scorm-launch/', method: 'POST', body }),
    }),
  }),
});

const SCORM_PATH = /^\/media\/scorm\/(\d+)\/(.+)$/;

/** The chapter and the package file a `/media/scorm/{chapterId}/{file}` address names (the spec's scorm_url, a SCO's url). */
export function scormFileOf(src: string): { chapter: number; file: string } | null {
  const match = SCORM_PATH.exec(src);
  return match ? { chapter: Number(match[1]), file: match[2]! } : null;
}

/** The launch page of that file on the content origin. */
export const launchAddress = (launch: ScormLaunch, file: string): string => `${launch.launch_base}${file}`;
