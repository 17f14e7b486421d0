import yazl from 'yazl';

/**
 * Small SCORM packages built by the tests themselves (a fresh clone has no ../shared): one resource
 * per item, each page only calling LMSInitialize and LMSFinish (SCORM 1.2's minimum calls).
 */
const NS_12 = `xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"`;
const NS_2004 = `xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss"`;

/** A package with the given items (each its own resource), and a page per resource that only initialises and finishes. */
export async function scormPackage(version: '1.2' | '2004', items: { id: string; extra?: string; attrs?: string; asset?: boolean }[]): Promise<Buffer> {
  const typeAttr = version === '1.2' ? 'adlcp:scormtype' : 'adlcp:scormType';
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="pkg" version="1" ${version === '1.2' ? NS_12 : NS_2004}>
  <metadata><schema>ADL SCORM</schema><schemaversion>${version === '1.2' ? '1.2' : '2004 4th Edition'}</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Module</title>
    ${items.map((i) => `<item identifier="${i.id}" identifierref="res_${i.id}" ${i.attrs ?? ''}><title>Partie ${i.id}</title>${i.extra ?? ''}</item>`).join('\n    ')}
  </organization></organizations>
  <resources>
    ${items.map((i) => `<resource identifier="res_${i.id}" type="webcontent" ${typeAttr}="${i.asset ? 'asset' : 'sco'}" href="${i.id}.html"><file href="${i.id}.html"/></resource>`).join('\n    ')}
  </resources>
</manifest>`;
  const page = '<!doctype html><html><body><script>var api = parent.API; if (api) { api.LMSInitialize(""); api.LMSFinish(""); }</script></body></html>';
  return zip([{ name: 'imsmanifest.xml', content: manifest }, ...items.map((i) => ({ name: `${i.id}.html`, content: page }))]);
}

async function zip(entries: { name: string; content: string }[]): Promise<Buffer> {
  const file = new yazl.ZipFile();
  for (const { name, content } of entries) file.addBuffer(Buffer.from(content), name, { mtime: new Date('2026-01-01T00:00:00Z') });
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
