import { attachmentName, fetchWithSession, refusalOf, saveBlob } from '../../../lib/download';

/**
 * Downloads a stored dossier with the session's token and hands it to the browser under the
 * server's name. Returns the name, or throws with the server's French message.
 */
export async function downloadDossier(url: string, fallbackName: string): Promise<string> {
  const response = await fetchWithSession(url);
  if (!response.ok) throw new Error(await refusalOf(response, 'Le téléchargement a échoué.'));
  const name = attachmentName(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
