import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { RequestValidationError } from './request-validation.error.js';
import { RequestValidationPipe } from './request-validation.pipe.js';
import { formatFileSize, IsUploadedFile, isUploadedFile, sanitiseFilename, sanitiseMimetype, UploadedFile } from './uploaded-file.js';

class ChapterVideoRequest {
  @ApiProperty()
  @IsString()
  title!: string;

  @ApiProperty({ type: 'string', format: 'binary' })
  @IsUploadedFile()
  video!: UploadedFile;

  @ApiProperty({ type: 'string', format: 'binary', required: false })
  @IsOptional()
  @IsUploadedFile({ message: 'Le support doit être un fichier.' })
  upload?: UploadedFile;
}

const file = new UploadedFile({ path: '/data/tmp/uploads/a.upload', size: 12, filename: 'cours.webm', mimetype: 'video/webm', head: Buffer.from('tête') });
const pipe = new RequestValidationPipe();
const validate = (body: unknown) => pipe.transform(body, { type: 'body', metatype: ChapterVideoRequest });

describe('UploadedFile in a request class', () => {
  it('reaches the handler as an UploadedFile with its fields', async () => {
    const request = (await validate({ title: 'Chapitre', video: file })) as ChapterVideoRequest;
    expect(request.video).toBeInstanceOf(UploadedFile);
    expect(isUploadedFile(request.video)).toBe(true);
    expect({ ...request.video, head: request.video.head.toString() }).toEqual({ ...file, head: 'tête' });
    expect(request.video.declaredExtension).toBe('webm');
    expect(request.upload).toBeUndefined();
  });

  it('refuses text, a buffered file or a look-alike object in its place, in French', async () => {
    for (const video of ['/etc/passwd', Buffer.from('x'), { path: '/etc/passwd', size: 1, filename: 'a', mimetype: 'a/b', head: 'x' }, undefined]) {
      const error = await validate({ title: 'Chapitre', video }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).errors).toEqual({ video: ['Le champ « video » doit être un fichier envoyé avec le formulaire.'] });
    }
    const error = (await validate({ title: 'Chapitre', video: file, upload: 'texte' }).catch((e: unknown) => e)) as RequestValidationError;
    expect(error.errors).toEqual({ upload: ['Le support doit être un fichier.'] });
  });
});

describe('formatFileSize', () => {
  it.each([
    [2 * 1024 ** 3, '2 Go'],
    [1024 ** 3, '1 Go'],
    [1.5 * 1024 ** 3, '1,5 Go'],
    [100 * 1024 ** 2, '100 Mo'],
    [5 * 1024 ** 2, '5 Mo'],
    [64 * 1024, '64 Ko'],
    [900, '900 octets'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('sanitiseFilename', () => {
  it.each([
    ['cours.pdf', 'cours.pdf'],
    ['  Séance 1 — notes.docx ', 'Séance 1 — notes.docx'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\léa\\vidéo.mp4', 'vidéo.mp4'],
    ['a\u0000b\u001b[31m.txt', 'ab[31m.txt'],
    ['facture\u202etxt.exe', 'facturetxt.exe'],
    ['guillemets "x".pdf', 'guillemets x.pdf'],
    ['bad\ud800.pdf', 'bad.pdf'],
    ['', 'fichier'],
    ['..', 'fichier'],
    [undefined, 'fichier'],
  ])('%j → %j', (name, expected) => {
    expect(sanitiseFilename(name)).toBe(expected);
  });

  it('shortens a long name to 200 characters, keeping its extension', () => {
    const name = sanitiseFilename(`${'é'.repeat(300)}.pdf`);
    expect([...name]).toHaveLength(200);
    expect(name.endsWith('éé.pdf')).toBe(true);
  });
});

describe('sanitiseMimetype', () => {
  it.each([
    ['video/mp4', 'video/mp4'],
    ['Video/WebM; codecs="vp9"', 'video/webm'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['', 'application/octet-stream'],
    ['text/html\u0000', 'application/octet-stream'],
    ['pas un type', 'application/octet-stream'],
    [undefined, 'application/octet-stream'],
  ])('%j → %s', (type, expected) => {
    expect(sanitiseMimetype(type)).toBe(expected);
  });
});
