import type { QueryBus } from '@nestjs/cqrs';
import { GetCentreFace, type CentreFaceView } from '../contracts/centre.queries.js';
import { escapeHtml } from '../../../platform/http/escape-html.js';

/** The name pages show before the centre names itself (spec 03 §1: titles start with « LMS »). */
export const FALLBACK_BRAND = 'LMS';
/** The meta element the front end reads at start (frontend/src/lib/centre-face.ts): no script, so the page's CSP is untouched. */
export const FACE_META_NAME = 'centre-face';

/**
 * The head of every SPA page (docs/adr/0049): the title with the centre's name and the face as a
 * JSON `<meta>`, written by the server into index.html so that the first paint already shows the
 * centre, without a round trip. Values are HTML-escaped (a name is the admin's text).
 */
export function renderCentreHead(face: CentreFaceView): string {
  const title = `${face.nom ?? FALLBACK_BRAND} | Centre de formation`;
  return `<title>${escapeHtml(title)}</title>\n    <meta name="${FACE_META_NAME}" content="${escapeHtml(JSON.stringify(face))}" />`;
}

/** The head from the contract query (for the composition root: the web assets' fallback route). */
export const centreHead = async (queries: QueryBus): Promise<string> => renderCentreHead(await queries.execute(new GetCentreFace()));
