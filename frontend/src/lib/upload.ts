import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { apiBaseUrl, appTokenRefresher, type TokenRefresher } from './base-query';
import { getAccessToken, hasStoredLogin } from './session';

/** How far a multipart body has gone: 0 to 100. */
export type UploadProgress = (percent: number) => void;

export interface UploadRequest {
  method: 'POST' | 'PUT';
  /** Under the API base, like the RTK Query calls: `course-chapters/4/`. */
  url: string;
  body: FormData;
  onProgress?: UploadProgress;
  /** Defaults to the application's refresher, shared with the api slice. */
  refresher?: TokenRefresher;
  /** Defaults to the application's `/api` (tests point it at a server of their own). */
  baseUrl?: string;
}

interface Answer {
  status: number;
  data: unknown;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send({ method, url, body, onProgress, baseUrl = apiBaseUrl() }: UploadRequest, token: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${baseUrl}/${url.replace(/^\//, '')}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, data: parse(xhr.responseText) });
    xhr.onerror = () => reject({ status: 'FETCH_ERROR', error: 'Network error' } satisfies FetchBaseQueryError);
    xhr.onabort = () => reject({ status: 'FETCH_ERROR', error: 'Aborted' } satisfies FetchBaseQueryError);
    xhr.send(body);
  });
}

/**
 * Sends a multipart body with XMLHttpRequest, whose upload events give the progress bar of the
 * video, SCORM, document and image fields (fetch has none). Like the api slice's base query
 * (base-query.ts) it carries the bearer and, on a 401, waits for the shared refresh and sends
 * again once. Resolves with the answer's body; rejects with a FetchBaseQueryError shape, so
 * describeApiError reads it like any RTK Query error. The caller invalidates the RTK tags.
 */
export async function uploadMultipart<T>(request: UploadRequest): Promise<T> {
  const tokenSent = getAccessToken();
  let answer = await send(request, tokenSent);
  if (answer.status === 401 && hasStoredLogin()) {
    const refresher = request.refresher ?? appTokenRefresher();
    if (await refresher.afterUnauthorized(tokenSent)) {
      request.onProgress?.(0);
      answer = await send(request, getAccessToken());
    }
  }
  if (answer.status >= 200 && answer.status < 300) return answer.data as T;
  throw { status: answer.status, data: answer.data } satisfies FetchBaseQueryError;
}
