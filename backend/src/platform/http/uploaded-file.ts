import { ValidateBy, type ValidationOptions } from 'class-validator';

/** The fields of an UploadedFile. */
export interface UploadedFileFields {
  /** Where the bytes are: a temporary file under `<DATA_DIR>/tmp/uploads/`, removed once the response is sent unless moved. */
  path: string;
  size: number;
  /** The sender's file name, without folders or control characters: for display and downloads only. */
  filename: string;
  /** The type the sender declared: untrusted, never used to decide what the file is. */
  mimetype: string;
  /** The first bytes (4,100 at most) for detecting the type by content (`platform/storage/file-types.ts`). */
  head: Buffer;
}

/**
 * A large multipart file field (`video`, `scorm_file`, `upload`) as the request body carries it:
 * streamed to a temporary file, never held in memory (`request-body.ts`). A handler keeps it by
 * moving `path` into the store after checking `head`, before its transaction opens
 * (`store.stage((read) => read.uploads.putFile(folder, extension, file.path))`, docs/adr/0060);
 * otherwise the temporary file is removed when the response has been sent.
 *
 * In a request class:
 * ```ts
 * @ApiProperty({ type: 'string', format: 'binary', description: 'Vidéo MP4 ou WebM, 2 Go au plus' })
 * @IsUploadedFile({ message: 'La vidéo doit être un fichier.' })
 * video!: UploadedFile;
 * ```
 * (`format: 'binary'` keeps the field out of the text fields the hostile-input walk probes, and
 * lets the OpenAPI document and the generated client know it is a file.)
 */
export class UploadedFile implements UploadedFileFields {
  // Assigned in the constructor only; class-transformer rebuilds an instance with no argument.
  readonly path!: string;
  readonly size!: number;
  readonly filename!: string;
  readonly mimetype!: string;
  readonly head!: Buffer;

  constructor(fields?: UploadedFileFields) {
    if (fields) Object.assign(this, fields);
  }

  /** The sender's extension, lower case, without the dot ('' when none): a hint only, the content decides. */
  get declaredExtension(): string {
    return /\.([A-Za-z0-9]{1,10})$/.exec(this.filename)?.[1].toLowerCase() ?? '';
  }
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return value instanceof UploadedFile && typeof value.path === 'string' && Buffer.isBuffer(value.head);
}

/**
 * class-validator: the field is a streamed file (an UploadedFile), not text or a small buffered
 * file. The default message is French; `@IsOptional()` before it for a file that may be left out.
 */
export function IsUploadedFile(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isUploadedFile',
      validator: {
        validate: (value) => isUploadedFile(value),
        defaultMessage: (args) => `Le champ « ${args?.property ?? 'fichier'} » doit être un fichier envoyé avec le formulaire.`,
      },
    },
    options,
  );
}

/** A size in the units a French reader expects: `5 Mo`, `1,5 Go`, `100 Mo`, `800 Ko` (binary multiples). */
export function formatFileSize(bytes: number): string {
  const units: [number, string][] = [
    [2 ** 30, 'Go'],
    [2 ** 20, 'Mo'],
    [2 ** 10, 'Ko'],
  ];
  for (const [unit, name] of units) {
    if (bytes >= unit) return `${(Math.round((bytes / unit) * 10) / 10).toString().replace('.', ',')} ${name}`;
  }
  return `${bytes} octets`;
}

const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The sender's file name as it may be shown and offered back for download: the last path
 * component only, controls, bidi overrides, lone surrogates and quotes removed, 200 characters at
 * most (the extension kept), `fichier` when nothing is left.
 */
export function sanitiseFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).at(-1)!.replace(UNSAFE_IN_NAME, '').normalize('NFC').trim();
  const chars = [...base];
  if (chars.length > 200) {
    const extension = /\.[A-Za-z0-9]{1,10}$/.exec(base)?.[0] ?? '';
    return chars.slice(0, 200 - extension.length).join('').trimEnd() + extension;
  }
  return base === '' || base === '.' || base === '..' ? 'fichier' : base;
}

/** A declared MIME type reduced to `type/subtype` in lower case, or `application/octet-stream`. */
export function sanitiseMimetype(mimetype: string | undefined): string {
  const type = (mimetype ?? '').split(';')[0].trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : 'application/octet-stream';
}
