import { apiBaseUrl, appTokenRefresher } from './base-query';
import { toast } from './feedback';
import { getAccessToken } from './session';

/**
 * Files the API sends (exports, documents, dossiers, the centre's images) fetched with the session's
 * access token, refreshed once after a 401 as every call (ADR 0029: the token lives in memory, so a
 * plain link could not carry it), then handed to the browser under the server's name.
 */

/** The file name of a Content-Disposition header (RFC 6266: filename* first, else filename). */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* a malformed name: the plain one, else the fallback */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}

/** GET `path` of the API (`/api/…`, `api/…` or relative to it) with the token, refreshed once after a 401. */
export async function fetchWithSession(path: string): Promise<Response> {
  const url = `${apiBaseUrl()}/${path.replace(/^\/?(api\/)?/, '')}`;
  const attempt = (token: string | null) => fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const token = getAccessToken();
  const response = await attempt(token);
  if (response.status === 401 && (await appTokenRefresher().afterUnauthorized(token))) return attempt(getAccessToken());
  return response;
}

/** POST `path` of the API with the token, refreshed once after a 401 (no body). */
export async function postWithSession(path: string): Promise<Response> {
  const url = `${apiBaseUrl()}/${path.replace(/^\/?(api\/)?/, '')}`;
  const attempt = (token: string | null) => fetch(url, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const token = getAccessToken();
  const response = await attempt(token);
  if (response.status === 401 && (await appTokenRefresher().afterUnauthorized(token))) return attempt(getAccessToken());
  return response;
}

/**
 * A large file (a dossier, a batch) handed to the browser's own download manager, which writes it
 * to disk as it comes and resumes it after a cut (docs/adr/0036, « Liens de téléchargement »): a
 * signed link asked for with the session (POST `linkPath`), valid a few minutes for this account,
 * then opened by a plain link — no token in the page's hands is needed, nothing is held in memory.
 * Throws with the server's French message when the link is refused.
 */
export async function downloadThroughLink(linkPath: string): Promise<void> {
  const response = await postWithSession(linkPath);
  if (!response.ok) throw new Error(await refusalOf(response, 'Le téléchargement a échoué.'));
  const { url } = (await response.json()) as { url: string };
  const link = document.createElement('a');
  link.href = `${apiBaseUrl()}/${url.replace(/^\/?(api\/)?/, '')}`;
  // The file's name comes from the server (Content-Disposition); the link goes to no other page.
  link.download = '';
  link.rel = 'noreferrer';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** The server's French message of a refused download, else `fallback`. */
export async function refusalOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : fallback;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Fetches a file with the session's token and saves it under the server's name (else `fallbackName`),
 * telling the user in French: the server's refusal, `messages.failed`, or `messages.done(name)`.
 */
export async function downloadWithSession(path: string, fallbackName: string, messages: { failed: string; done: (name: string) => string }): Promise<void> {
  try {
    const response = await fetchWithSession(path);
    if (!response.ok) {
      toast('error', await refusalOf(response, messages.failed));
      return;
    }
    const name = attachmentName(response.headers.get('content-disposition'), fallbackName);
    saveBlob(await response.blob(), name);
    toast('success', messages.done(name));
  } catch {
    toast('error', messages.failed);
  }
}
