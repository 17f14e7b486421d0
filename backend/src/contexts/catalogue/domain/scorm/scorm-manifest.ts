import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { InvalidScormPackageError } from './scorm.errors.js';

/** One launchable item of the package (an `<item>` whose `identifierref` names a resource with an `href`). */
export interface ScormItem {
  identifier: string;
  title: string;
  /**
   * Path relative to the package root: no './', '/' separators, percent-escapes decoded (spaces stay
   * spaces), xml:base applied and the item's `parameters` appended; may carry '?query' or '#fragment'.
   */
  launch: string;
  /** `isvisible="false"` in the manifest: launchable, but not meant for the table of contents. */
  visible: boolean;
  /** Its resource is an asset (`adlcp:scormtype="asset"`): no run-time, it never reports anything. */
  asset?: true;
  /** 1.2 `adlcp:masteryscore` (0–100): the raw score that passes the SCO. */
  masteryScore?: number;
  /** `adlcp:datafromlms` / `adlcp:dataFromLMS`: the SCO's `cmi.launch_data`. */
  dataFromLms?: string;
  /** 2004 `adlcp:completionThreshold` (0–1): the progress_measure that completes the SCO. */
  completionThreshold?: number;
  /** 2004 primary objective's `imsss:minNormalizedMeasure` with `satisfiedByMeasure="true"` (−1–1): the scaled score that passes it. */
  scaledPassingScore?: number;
}

/** Whether a learner is required to go through the item: launchable with a run-time (not an asset) and shown (not `isvisible="false"`). */
export const isRequiredPart = (item: Pick<ScormItem, 'visible' | 'asset'>): boolean => item.visible && item.asset !== true;

/**
 * The version of this reading, stored with the manifest (`reading`): a package imported by an older
 * one has its stored manifest completed from its imsmanifest.xml at start-up (ScormManifestUpgrade).
 */
export const MANIFEST_READING = 2;

export interface ScormManifest {
  version: '1.2' | '2004';
  title: string;
  /** The first launchable item of the default organization (or the fallback resource). */
  launch: string;
  /** Every launchable item in document order, nested items flattened. */
  items: ScormItem[];
}

/** An element with its local name (prefix dropped, lower case) and attributes by local name (lower case). */
interface XmlElement {
  name: string;
  attrs: Map<string, string>;
  /** Attribute names as written, for the few places where the spelling says something. */
  rawAttrNames: string[];
  children: XmlElement[];
  text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const refuse = (reason: string) => InvalidScormPackageError.because(reason);

/**
 * Reads an imsmanifest.xml (SCORM 1.2 or 2004) into what the platform needs to launch it.
 * Tolerant of what real exports do (any or no namespace prefix, undeclared prefixes, a BOM, odd
 * attribute case, `./` and spaces in hrefs, organizations missing or empty); throws
 * InvalidScormPackageError when nothing sensible can be read.
 */
export function readScormManifest(xml: string | Buffer): ScormManifest {
  const root = parseManifestRoot(decodeXml(xml));
  const resourcesEl = child(root, 'resources');
  const resources = new Map<string, XmlElement>();
  for (const resource of children(resourcesEl, 'resource')) {
    const id = resource.attrs.get('identifier');
    if (id !== undefined && !resources.has(id)) resources.set(id, resource);
  }
  const bases = (resource: XmlElement) => [root.attrs.get('base'), resourcesEl?.attrs.get('base'), resource.attrs.get('base')];
  const launchOf = (resource: XmlElement, parameters?: string): string | null => {
    const href = resource.attrs.get('href')?.trim();
    return href ? buildLaunch(bases(resource), href, parameters) : null;
  };

  const organizationsEl = child(root, 'organizations');
  const organizations = children(organizationsEl, 'organization');
  const defaultId = organizationsEl?.attrs.get('default')?.trim();
  const organization = organizations.find((o) => o.attrs.get('identifier') === defaultId) ?? organizations[0];

  const items: ScormItem[] = [];
  const walk = (parent: XmlElement) => {
    for (const item of children(parent, 'item')) {
      const resource = resources.get(item.attrs.get('identifierref')?.trim() ?? '');
      const launch = resource ? launchOf(resource, item.attrs.get('parameters')) : null;
      if (launch !== null) {
        const identifier = item.attrs.get('identifier')?.trim() || `item-${items.length + 1}`;
        items.push({
          identifier,
          title: titleOf(item) || identifier,
          launch,
          visible: item.attrs.get('isvisible')?.trim().toLowerCase() !== 'false',
          ...(resource?.attrs.get('scormtype')?.trim().toLowerCase() === 'asset' ? { asset: true as const } : {}),
          ...runTimeData(item),
        });
      }
      walk(item);
    }
  };
  if (organization) walk(organization);

  const title = (organization && titleOf(organization)) || metadataTitle(root) || items[0]?.title || root.attrs.get('identifier')?.trim() || 'Paquet SCORM';
  if (items.length === 0) items.push(...resourceItems([...resources.values()], launchOf, title));
  if (items.length === 0) {
    throw refuse(
      organization
        ? "aucun élément de l'organisation ne désigne une ressource à lancer (item avec identifierref vers une ressource ayant un href) dans imsmanifest.xml."
        : 'imsmanifest.xml ne décrit aucune ressource à lancer (ni organisation, ni ressource avec un attribut href).',
    );
  }
  return { version: detectVersion(root), title, launch: items[0].launch, items };
}

const decimal = (raw: string | undefined, min: number, max: number): number | undefined => {
  const value = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw.trim());
  return Number.isFinite(value) && value >= min && value <= max ? value : undefined;
};

/**
 * What the run-time of an item is given by its manifest (SCORM 1.2 CAM 2.3.5, 2004 CAM 3.4.1):
 * mastery score, launch data, completion threshold (3rd edition: the element's text; 4th: its
 * `minProgressMeasure` when `completedByMeasure="true"`), and the scaled passing score of the
 * primary objective when it is satisfied by measure. A value out of its range is ignored.
 */
function runTimeData(item: XmlElement): Pick<ScormItem, 'masteryScore' | 'dataFromLms' | 'completionThreshold' | 'scaledPassingScore'> {
  const data: Pick<ScormItem, 'masteryScore' | 'dataFromLms' | 'completionThreshold' | 'scaledPassingScore'> = {};
  const mastery = decimal(child(item, 'masteryscore')?.text, 0, 100);
  if (mastery !== undefined) data.masteryScore = mastery;
  const launchData = child(item, 'datafromlms')?.text.trim();
  if (launchData) data.dataFromLms = launchData.slice(0, 4096);
  const threshold = child(item, 'completionthreshold');
  if (threshold) {
    const byMeasure = threshold.attrs.get('completedbymeasure')?.trim().toLowerCase() === 'true';
    const value = threshold.text.trim() !== '' ? decimal(threshold.text, 0, 1) : byMeasure ? decimal(threshold.attrs.get('minprogressmeasure') ?? '1', 0, 1) : undefined;
    if (value !== undefined) data.completionThreshold = value;
  }
  const primary = child(child(child(item, 'sequencing'), 'objectives'), 'primaryobjective');
  if (primary?.attrs.get('satisfiedbymeasure')?.trim().toLowerCase() === 'true') {
    const passing = decimal(child(primary, 'minnormalizedmeasure')?.text ?? '1', -1, 1);
    if (passing !== undefined) data.scaledPassingScore = passing;
  }
  return data;
}

/**
 * Without a usable organization, the package is launched from its resources: every SCO resource
 * with an href, or failing that the first resource with an href.
 */
function resourceItems(resources: XmlElement[], launchOf: (r: XmlElement) => string | null, title: string): ScormItem[] {
  const toItem = (resource: XmlElement, launch: string, index: number): ScormItem => ({
    identifier: resource.attrs.get('identifier')?.trim() || `resource-${index + 1}`,
    title,
    launch,
    visible: true,
  });
  const launchable = resources.flatMap((resource) => {
    const launch = launchOf(resource);
    return launch === null ? [] : [{ resource, launch }];
  });
  const scos = launchable.filter(({ resource }) => resource.attrs.get('scormtype')?.trim().toLowerCase() === 'sco');
  return (scos.length > 0 ? scos : launchable.slice(0, 1)).map(({ resource, launch }, index) => toItem(resource, launch, index));
}

function detectVersion(root: XmlElement): '1.2' | '2004' {
  const schemaVersion = deepText(descendant(child(root, 'metadata'), 'schemaversion')).toLowerCase();
  if (schemaVersion === '1.2') return '1.2';
  if (/2004|1\.3|cam/.test(schemaVersion)) return '2004';
  const namespaces = collectNamespaces(root).map((ns) => ns.toLowerCase());
  if (namespaces.some((ns) => ns.includes('adlcp_rootv1p2'))) return '1.2';
  if (namespaces.some((ns) => /adlcp_v1p3|adlseq|adlnav|imsss/.test(ns))) return '2004';
  if (namespaces.some((ns) => ns.includes('imscp_rootv1p1p2'))) return '1.2';
  const resources = children(child(root, 'resources'), 'resource');
  if (resources.some((r) => r.rawAttrNames.some((name) => localName(name) === 'scormType'))) return '2004';
  return '1.2';
}

/**
 * launch = xml:base of <manifest>, <resources> and <resource> + href, with the item's parameters
 * joined as SCORM's CAM says: leading '?' and '&' dropped; a '#fragment' only when the href has
 * none; otherwise '&' when the href already has a query, '?' when not.
 */
function buildLaunch(bases: (string | undefined)[], href: string, parameters: string | undefined): string {
  const cut = href.search(/[?#]/);
  const hrefPath = cut < 0 ? href : href.slice(0, cut);
  const suffix = cut < 0 ? '' : href.slice(cut);
  const pieces = [...bases.map((base) => base?.trim() ?? '').filter((base) => base !== '').map((base) => (base.endsWith('/') ? base : `${base}/`)), hrefPath];
  for (const piece of pieces) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(piece) || piece.startsWith('//')) throw refuse(`le point d'entrée « ${href} » désigne une adresse extérieure au paquet.`);
  }
  const path = normaliseLaunchPath(pieces.join(''), href);
  return joinParameters(path + suffix, parameters);
}

function normaliseLaunchPath(raw: string, href: string): string {
  const slashed = safeDecode(raw.replace(/\\/g, '/'));
  if (/[\u0000-\u001f\u007f]/.test(slashed)) throw refuse(`le point d'entrée « ${href} » contient un caractère non autorisé.`);
  if (slashed.startsWith('/')) throw refuse(`le point d'entrée « ${href} » est un chemin absolu : il doit être relatif à la racine du paquet.`);
  const segments: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) throw refuse(`le point d'entrée « ${href} » sort du paquet (« .. »).`);
      segments.pop();
    } else segments.push(segment);
  }
  if (segments.length === 0) throw refuse(`le point d'entrée « ${href} » ne désigne aucun fichier.`);
  return segments.join('/');
}

function joinParameters(url: string, rawParameters: string | undefined): string {
  const parameters = (rawParameters ?? '').trim().replace(/^[?&]+/, '');
  if (parameters === '') return url;
  if (parameters.startsWith('#')) return url.includes('#') ? url : url + parameters;
  const hash = url.indexOf('#');
  const [beforeHash, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${parameters}${fragment}`;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Bytes to text: a BOM (UTF-8 or UTF-16) wins, then the declaration's encoding, then UTF-8. */
function decodeXml(input: string | Buffer): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  let encoding = 'utf-8';
  let start = 0;
  if (input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) start = 3;
  else if (input[0] === 0xff && input[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (input[0] === 0xfe && input[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  else {
    const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(input.subarray(0, 200).toString('latin1'))?.[1];
    if (declared) encoding = declared.toLowerCase();
  }
  try {
    return new TextDecoder(encoding).decode(input.subarray(start)).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('utf-8').decode(input.subarray(start)).replace(/^\uFEFF/, '');
  }
}

function parseManifestRoot(text: string): XmlElement {
  // A bare '&' (`parameters="?a=1&b=2"`) is a classic of hand-made manifests: read it as '&amp;'.
  const xml = text.replace(/&(?!(?:[A-Za-z_][\w.-]*|#\d+|#x[0-9A-Fa-f]+);)/g, '&amp;');
  if (xml.trim() === '') throw refuse('imsmanifest.xml est vide.');
  const noRoot = "imsmanifest.xml ne contient pas d'élément <manifest>.";
  if (!/<[A-Za-z_]/.test(xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))) throw refuse(noRoot);
  const valid = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (valid !== true) throw refuse(`imsmanifest.xml n'est pas un document XML lisible (ligne ${valid.err.line}).`);
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch {
    throw refuse("imsmanifest.xml n'est pas un document XML lisible.");
  }
  const root = toElements(parsed).find((el) => el.name === 'manifest');
  if (!root) throw refuse(noRoot);
  return root;
}

/** fast-xml-parser's ordered output (`[{tag: [...children], ':@': {attrs}}, {'#text': '…'}]`) as a plain tree. */
function toElements(nodes: unknown): XmlElement[] {
  if (!Array.isArray(nodes)) return [];
  const elements: XmlElement[] = [];
  for (const node of nodes as Record<string, unknown>[]) {
    const tag = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
    if (tag === undefined) continue;
    const rawAttrs = (node[':@'] ?? {}) as Record<string, unknown>;
    const attrs = new Map<string, string>();
    for (const [name, value] of Object.entries(rawAttrs)) {
      const key = name.toLowerCase().startsWith('xmlns') ? name.toLowerCase() : localName(name).toLowerCase();
      if (!attrs.has(key)) attrs.set(key, String(value));
    }
    const content = node[tag] as Record<string, unknown>[];
    const text = Array.isArray(content)
      ? content
          .filter((c) => '#text' in c)
          .map((c) => String(c['#text']))
          .join('')
      : '';
    elements.push({ name: localName(tag).toLowerCase(), attrs, rawAttrNames: Object.keys(rawAttrs), children: toElements(content), text });
  }
  return elements;
}

const localName = (qualified: string) => qualified.slice(qualified.lastIndexOf(':') + 1);
const child = (el: XmlElement | undefined, name: string) => el?.children.find((c) => c.name === name);
const children = (el: XmlElement | undefined, name: string) => el?.children.filter((c) => c.name === name) ?? [];

function descendant(el: XmlElement | undefined, name: string): XmlElement | undefined {
  for (const c of el?.children ?? []) {
    const found = c.name === name ? c : descendant(c, name);
    if (found) return found;
  }
  return undefined;
}

/** All the text below an element, on one line, without control or bidirectional-override characters. */
function deepText(el: XmlElement | undefined): string {
  if (!el) return '';
  const gather = (e: XmlElement): string => [e.text, ...e.children.map(gather)].join(' ');
  return gather(el)
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const titleOf = (el: XmlElement) => deepText(child(el, 'title'));
const metadataTitle = (root: XmlElement) => deepText(descendant(descendant(child(root, 'metadata'), 'general'), 'title'));

function collectNamespaces(el: XmlElement): string[] {
  const own = [...el.attrs].filter(([name]) => name.startsWith('xmlns')).map(([, value]) => value);
  return [...own, ...el.children.flatMap(collectNamespaces)];
}
