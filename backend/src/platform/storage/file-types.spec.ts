import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../config/config.js';
import { detectDocumentType, detectVideoType, readEbmlVint, SNIFF_BYTES } from './file-types.js';

/** An ISO BMFF `ftyp` box with these brands, followed by an empty `mdat`. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  box.writeUInt32BE(0x200, 12);
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return Buffer.concat([box, Buffer.from('00000008mdat', 'latin1')]);
}

/** An EBML element: id (with its marker), one-byte size, data. */
const element = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);

function ebmlHeader(docType: string): Buffer {
  const children = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])),
    element([0x42, 0xf7], Buffer.from([1])),
    element([0x42, 0xf2], Buffer.from([4])),
    element([0x42, 0xf3], Buffer.from([8])),
    element([0x42, 0x82], Buffer.from(docType, 'latin1')),
    element([0x42, 0x87], Buffer.from([4])),
    element([0x42, 0x85], Buffer.from([2])),
  ]);
  return Buffer.concat([element([0x1a, 0x45, 0xdf, 0xa3], children), Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])]);
}

/** A zip local file entry (as stored: method 0, or `deflated` for a method 8 entry whose data is random). */
function zipEntry(name: string, data: Buffer, deflated = false): Buffer {
  const header = Buffer.alloc(30);
  header.write('PK\x03\x04', 0, 'latin1');
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(deflated ? 8 : 0, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), data]);
}

const zip = (...entries: Buffer[]) => Buffer.concat(entries).subarray(0, SNIFF_BYTES);
const noise = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 131 + 7) % 256));

describe('detectVideoType', () => {
  it.each([
    ['isom', ['isom', 'iso2', 'avc1', 'mp41']],
    ['mp42', ['mp42', 'isom']],
    ['M4V ', ['M4V ', 'M4A ', 'mp42', 'isom']],
    ['dash', ['iso6', 'avc1']],
    ['qt  ', ['qt  ', 'isom']],
    ['iso5', []],
  ])('recognises MP4 by its ftyp brands (%s)', (major, compatible) => {
    expect(detectVideoType(ftyp(major, ...compatible))).toBe('mp4');
  });

  it.each([
    ['a QuickTime-only .mov', ftyp('qt  ', 'qt  ')],
    ['3GP', ftyp('3gp4', '3gp4', '3gp5')],
    ['an AVIF image', ftyp('avif', 'avif', 'mif1', 'miaf', 'MA1B', 'iso8')],
    ['a HEIC image', ftyp('heic', 'mif1', 'heic')],
    ['a box that is not ftyp', Buffer.from('00000018moovisom00000200isomiso2', 'latin1')],
    ['an ftyp box of an impossible size', Buffer.concat([Buffer.from([0, 0, 0, 4]), Buffer.from('ftypisom00000000', 'latin1')])],
  ])('refuses %s', (_, head) => {
    expect(detectVideoType(head)).toBeNull();
  });

  it('recognises WebM by the EBML DocType, and refuses Matroska', () => {
    expect(detectVideoType(ebmlHeader('webm'))).toBe('webm');
    expect(detectVideoType(ebmlHeader('matroska'))).toBeNull();
    expect(detectVideoType(ebmlHeader('webm').subarray(0, 20))).toBeNull();
  });

  it('refuses what only looks like a video', () => {
    for (const head of [Buffer.alloc(0), Buffer.from('ftyp'), Buffer.from('<html>ftyp isom</html>'), Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), noise(4100)]) {
      expect(detectVideoType(head)).toBeNull();
    }
  });

  it('recognises the demo videos', () => {
    const dir = join(projectRoot, 'backend/src/demo/assets/video');
    expect(detectVideoType(readFileSync(join(dir, 'demo-video.webm')).subarray(0, SNIFF_BYTES))).toBe('webm');
    expect(detectVideoType(readFileSync(join(dir, 'demo-video.mp4')).subarray(0, SNIFF_BYTES))).toBe('mp4');
  });
});

describe('readEbmlVint', () => {
  it('reads sizes without their marker, ids with it, and the unknown size', () => {
    expect(readEbmlVint(Buffer.from([0x81]), 0)).toEqual({ length: 1, value: 1, unknown: false });
    expect(readEbmlVint(Buffer.from([0x40, 0x02]), 0)).toEqual({ length: 2, value: 2, unknown: false });
    expect(readEbmlVint(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), 0, true)?.value).toBe(0x1a45dfa3);
    expect(readEbmlVint(Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), 0)?.unknown).toBe(true);
    expect(readEbmlVint(Buffer.from([0x00]), 0)).toBeNull();
    expect(readEbmlVint(Buffer.from([0x40]), 0)).toBeNull();
  });
});

describe('detectDocumentType', () => {
  const expectType = (head: Buffer, name: string, extension: string | null) =>
    expect(detectDocumentType(head, name)?.extension ?? null).toBe(extension);

  it('recognises PDF and images by content, whatever the name', () => {
    expectType(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'cours.pdf', 'pdf');
    expectType(Buffer.from('%PDF-1.4\n'), 'sans-extension', 'pdf');
    expectType(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'photo.jpg', 'png');
    expectType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'photo', 'jpg');
    expect(detectDocumentType(Buffer.from('%PDF-1.7'), 'a.pdf')).toEqual({ extension: 'pdf', contentType: 'application/pdf' });
  });

  it('tells OOXML documents apart by their first entries', () => {
    const types = zipEntry('[Content_Types].xml', noise(400), true);
    const rels = zipEntry('_rels/.rels', noise(240), true);
    expectType(zip(types, rels, zipEntry('word/document.xml', noise(3000), true)), 'rapport.docx', 'docx');
    expectType(zip(types, rels, zipEntry('xl/workbook.xml', noise(3000), true)), 'notes.bin', 'xlsx');
    expectType(zip(types, rels, zipEntry('ppt/presentation.xml', noise(3000), true)), 'cours.pptx', 'pptx');
    expect(detectDocumentType(zip(types, rels, zipEntry('word/document.xml', noise(10))), 'a.docx')?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('falls back on the declared extension for an office package whose head does not say which', () => {
    const head = zip(zipEntry('[Content_Types].xml', noise(5000), true));
    expectType(head, 'Bilan 2026.XLSX', 'xlsx');
    expectType(head, 'archive.zip', 'zip');
    expectType(head, 'page.html', 'zip');
  });

  it('reads the OpenDocument mimetype entry', () => {
    const odf = (type: string) => zip(zipEntry('mimetype', Buffer.from(type)), zipEntry('content.xml', noise(4000), true));
    expectType(odf('application/vnd.oasis.opendocument.text'), 'lettre.zip', 'odt');
    expectType(odf('application/vnd.oasis.opendocument.spreadsheet'), 'tableau.ods', 'ods');
    expectType(odf('application/vnd.oasis.opendocument.presentation'), 'diapos', 'odp');
    expectType(odf('application/vnd.oasis.opendocument.graphics'), 'dessin.odg', 'zip');
    expectType(odf('application/vnd.oasis.opendocument.graphics'), 'dessin.odt', 'odt');
  });

  it('keeps any other zip as a zip, and refuses nothing that is a zip', () => {
    expectType(zip(zipEntry('exercices/ex1.py', noise(100), true)), 'exercices.zip', 'zip');
    expectType(zip(zipEntry('word/document.xml', Buffer.alloc(0)).subarray(0, 20)), 'x.docx', 'zip');
    expectType(Buffer.from('504b0506000000000000000000000000000000000000', 'hex'), 'vide.zip', 'zip');
  });

  it('takes an OLE2 file for the legacy format its name says, and refuses other OLE2 files', () => {
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), noise(500)]);
    expectType(ole, 'ancien.doc', 'doc');
    expectType(ole, 'ancien.XLS', 'xls');
    expectType(ole, 'ancien.ppt', 'ppt');
    expectType(ole, 'installeur.msi', null);
    expectType(ole, 'courrier.msg', null);
  });

  it('takes valid UTF-8 without NUL for text, csv when so named, and stores HTML as text', () => {
    expectType(Buffer.from('nom;prénom;note\nDubois;Léa;17\n'), 'notes.csv', 'csv');
    expectType(Buffer.from('Consignes : lire le chapitre 2. ✓ 😀'), 'consignes.txt', 'txt');
    expectType(Buffer.from('<html><script>alert(1)</script></html>'), 'page.html', 'txt');
    expectType(Buffer.from('\ufeffavec BOM'), 'bom.txt', 'txt');
    expect(detectDocumentType(Buffer.from('a,b'), 'a.csv')?.contentType).toBe('text/csv; charset=utf-8');
  });

  it('allows a character cut by the end of a full head, not an invalid one', () => {
    const full = Buffer.concat([Buffer.alloc(SNIFF_BYTES - 1, 'a'), Buffer.from('é').subarray(0, 1)]);
    expectType(full, 'long.txt', 'txt');
    const cutFourBytes = Buffer.concat([Buffer.alloc(SNIFF_BYTES - 2, 'a'), Buffer.from('😀').subarray(0, 2)]);
    expectType(cutFourBytes, 'long.txt', 'txt');
    expectType(Buffer.from('court \xc3', 'latin1'), 'court.txt', null);
    expectType(Buffer.concat([Buffer.alloc(SNIFF_BYTES - 1, 'a'), Buffer.from([0xff])]), 'long.txt', null);
  });

  it('refuses binaries, UTF-16, NUL bytes and empty files', () => {
    expectType(Buffer.from('7f454c46020101000000000000000000', 'hex'), 'programme.pdf', null);
    expectType(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), 'setup.exe', null);
    expectType(Buffer.from('\ufeffbonjour', 'utf16le'), 'utf16.txt', null);
    expectType(Buffer.from('texte\u0000caché'), 'a.txt', null);
    expectType(Buffer.from('latin-1 : \xe9t\xe9', 'latin1'), 'a.txt', null);
    expectType(Buffer.alloc(0), 'vide.txt', null);
    expectType(ftyp('isom', 'isom'), 'video.mp4', null);
  });
});
