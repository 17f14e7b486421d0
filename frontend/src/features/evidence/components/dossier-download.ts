import { apiBaseUrl, appTokenRefresher } from '../../../lib/base-query';
import { getAccessToken } from '../../../lib/session';

/** The file name of a Content-Disposition header (filename* first, else filename). */
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

/**
 * Downloads a stored dossier with the bearer token (refreshed once after a 401) and hands it to the
 * browser under the server's name. Returns the name, or throws with the server's French message.
 */
export async function downloadDossier(url: string, fallbackName: string): Promise<string> {
  const path = url.replace(/^\/?api\//, '');
  const attempt = (token: string | null) => fetch(`${apiBaseUrl()}/${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const token = getAccessToken();
  let response = await attempt(token);
  if (response.status === 401 && (await appTokenRefresher().afterUnauthorized(token))) response = await attempt(getAccessToken());
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : 'Le téléchargement a échoué.');
  }
  const name = attachmentName(response.headers.get('content-disposition'), fallbackName);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
