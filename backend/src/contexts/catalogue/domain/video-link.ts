/**
 * A chapter's video given as a link: what a trainer pastes (a YouTube or Vimeo page, a player
 * link, a whole embed code, a direct link to a video file) becomes an address a page can play.
 * YouTube and Vimeo pages refuse to be framed, so their links become the providers' embed
 * players; any other http(s) address is kept as it is (a direct .mp4 / .webm link).
 */

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTUBE_SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,32}$/i;
const MAX_URL_LENGTH = 2048;
/** Whitespace inside an address, controls, bidi overrides: never part of a link anyone meant. */
const UNSAFE_CHARACTER = /[\s\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"'<>\\`]/;

const VIMEO_PLAYER_OPTIONS = 'autoplay=1&title=0&byline=0&portrait=0';

/**
 * The playable address for what was pasted, or null when it cannot be played safely:
 * - YouTube (`youtube.com/watch?v=ID`, `youtu.be/ID`, `m.youtube.com`, `/shorts/ID`, `/live/ID`,
 *   `/embed/ID`, `youtube-nocookie.com/embed/ID`, an `<iframe>` code) → `https://www.youtube.com/embed/ID`,
 *   with `?start=N` when the link starts later (`t=42s`, `t=1m30s`, `start=42`);
 * - Vimeo (`vimeo.com/ID`, `vimeo.com/ID/HASH` for an unlisted video, `vimeo.com/channels/x/ID`,
 *   `player.vimeo.com/video/ID?h=HASH`, an `<iframe>` code) →
 *   `https://player.vimeo.com/video/ID?h=HASH&autoplay=1&title=0&byline=0&portrait=0` (`h=` only when known);
 * - a YouTube or Vimeo address naming no video (a channel, a profile) → null;
 * - any other http(s) address → itself (as the URL parser writes it);
 * - anything else (`javascript:`, `data:`, a relative path, credentials in the address, text) → null.
 */
export function toPlayableVideoUrl(input: string): string | null {
  const url = parseLink(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host) || YOUTUBE_SHORT_HOSTS.has(host)) return youtubeEmbed(url, YOUTUBE_SHORT_HOSTS.has(host));
  if (VIMEO_HOSTS.has(host)) return vimeoEmbed(url, host === 'player.vimeo.com');
  return url.href;
}

/** An address a page may put in a `<video src>` or an `<iframe src>`: absolute http(s), a host, no credentials, no odd characters. */
export function isSafeVideoUrl(value: string): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH || UNSAFE_CHARACTER.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
}

/** The link inside what was pasted: the iframe's `src` of an embed code, else the text itself. */
function parseLink(input: string): URL | null {
  if (typeof input !== 'string') return null;
  let text = input.trim();
  if (text.includes('<')) {
    const iframe = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(text);
    if (!iframe) return null;
    text = decodeEntities((iframe[1] ?? iframe[2] ?? iframe[3]).trim());
  }
  if (text.startsWith('//')) text = `https:${text}`;
  // A provider's address pasted without its scheme ("youtu.be/abc", "www.youtube.com/watch?v=…").
  else if (/^(?:www\.|m\.)?(?:youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com|player\.vimeo\.com)(?:[/?#]|$)/i.test(text)) text = `https://${text}`;
  if (!isSafeVideoUrl(text)) return null;
  return new URL(text);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Math.min(Number(code), 0x10ffff)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Math.min(parseInt(code, 16), 0x10ffff)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function youtubeEmbed(url: URL, short: boolean): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (short) id = segments[0];
  else if (segments[0] === 'watch') id = url.searchParams.get('v');
  else if (['embed', 'shorts', 'live', 'v', 'e'].includes(segments[0])) id = segments[1];
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = startSeconds(url);
  return `https://www.youtube.com/embed/${id}${start > 0 ? `?start=${start}` : ''}`;
}

/** `t=42`, `t=42s`, `t=1m30s`, `t=1h2m3s` or `start=42`, in the query or the fragment; 0 when absent or unreadable. */
function startSeconds(url: URL): number {
  const fragment = new URLSearchParams(url.hash.slice(1));
  const raw = url.searchParams.get('t') ?? url.searchParams.get('start') ?? fragment.get('t') ?? fragment.get('start');
  if (!raw) return 0;
  if (/^\d{1,6}s?$/.test(raw)) return parseInt(raw, 10);
  const parts = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(raw);
  if (!parts) return 0;
  const [, hours = '0', minutes = '0', seconds = '0'] = parts;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

function vimeoEmbed(url: URL, player: boolean): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (player) {
    if (segments[0] !== 'video') return null;
    id = segments[1];
  } else {
    // vimeo.com/ID[/HASH], vimeo.com/channels/x/ID, /groups/x/videos/ID, /album/x/video/ID, /showcase/x/video/ID
    const index = segments.findIndex((segment) => VIMEO_ID.test(segment));
    if (index < 0) return null;
    id = segments[index];
    const next = segments[index + 1];
    if (!hash && next && VIMEO_HASH.test(next)) hash = next;
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  const h = hash && VIMEO_HASH.test(hash) ? `h=${hash}&` : '';
  return `https://player.vimeo.com/video/${id}?${h}${VIMEO_PLAYER_OPTIONS}`;
}
