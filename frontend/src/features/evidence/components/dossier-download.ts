import { downloadThroughLink } from '../../../lib/download';

/**
 * Downloads a stored dossier through a signed link (docs/adr/0036): the browser's download manager
 * saves it and resumes it after a cut. Throws with the server's French message when refused.
 */
export async function downloadDossier(linkUrl: string): Promise<void> {
  await downloadThroughLink(linkUrl);
}
