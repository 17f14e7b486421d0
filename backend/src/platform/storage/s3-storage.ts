import { createReadStream } from 'node:fs';
import { readdir, rm, unlink } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConflictError, InvalidInputError } from '../../shared-kernel/index.js';
import type { S3Config } from '../config/config.js';
import { MEDIA_PREFIX, MediaStorage, type StoredFile } from './media-storage.js';
import { contentTypeFor } from './serve-file.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Parts of a multipart upload: 8 MB each (up to 80 GB in 10,000 parts), 4 in flight, so an upload buffers some tens of MB whatever the file's size. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;
/** A SCORM package's files uploaded at once (docs/adr/0060). */
export const PACKAGE_FILES_IN_FLIGHT = 8;
/** Connections to the store per node (streams of video ranges, uploads, reads). */
const SOCKETS = 1024;
/** How long `/api/ready` waits for the bucket before calling the node not ready. */
const READY_TIMEOUT_MS = 2000;

/**
 * Media on an S3-compatible object store (AWS S3, OVHcloud, Scaleway, MinIO, Garage), with the
 * AWS SDK v3 (docs/adr/0060). A public path `/media/<folder>/<name>` is the object key
 * `<S3_PREFIX><folder>/<name>`; an extracted package is the objects under `<folder>/<uuid>/`.
 * Uploads stream from their temporary file in parts (lib-storage's Upload), never whole in memory.
 */
export class S3MediaStorage extends MediaStorage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(config: S3Config) {
    super();
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Every video range being served holds a socket while the browser reads: the SDK's default of 50
      // per client would queue every other media request (and /api/ready) behind 50 viewers.
      requestHandler: { httpAgent: { keepAlive: true, maxSockets: SOCKETS }, httpsAgent: { keepAlive: true, maxSockets: SOCKETS }, connectionTimeout: 5_000 },
      // Checksums only where the store requires them: several S3-compatible stores refuse the new defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The app's stop (Nest's shutdown hooks): the client's idle keep-alive sockets go with it. */
  onApplicationShutdown(): void {
    this.client.destroy();
  }

  async isAvailable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS) });
      return true;
    } catch {
      return false;
    }
  }

  async putFileAt(publicPath: string, sourcePath: string): Promise<void> {
    this.keyOf(publicPath);
    await this.upload(publicPath, sourcePath);
    await unlink(sourcePath);
  }

  async putDirectoryAt(publicPath: string, sourceDirectory: string): Promise<void> {
    this.keyOf(publicPath);
    const files = await filesUnder(sourceDirectory);
    let next = 0;
    let failed = false;
    // A few files at a time, each in one part in flight: a package of 2,000 small files takes a
    // fraction of the time one by one took, and memory stays bounded (some 8 × 16 MB at worst).
    const uploader = async (): Promise<void> => {
      while (!failed && next < files.length) {
        const file = files[next++]!;
        try {
          await this.upload(`${publicPath}/${relative(sourceDirectory, file).split(sep).join('/')}`, file, 1);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    // Every uploader settled before the prefix is removed: none can store a file after the removal.
    const outcomes = await Promise.allSettled(Array.from({ length: Math.min(PACKAGE_FILES_IN_FLIGHT, files.length) }, uploader));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) {
      await this.remove(publicPath).catch(() => undefined);
      throw failure.reason;
    }
    await rm(sourceDirectory, { recursive: true, force: true });
  }

  async write(publicPath: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(publicPath), Body: bytes, ContentType: contentTypeFor(publicPath) }));
  }

  async remove(publicPath: string): Promise<void> {
    if (!publicPath.startsWith(MEDIA_PREFIX)) return;
    const key = this.keyOf(publicPath);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    // A package's prefix: only those putDirectory made (a bug passing a folder must not empty it).
    if (!UUID.test(posix.basename(key))) return;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${key}/`, ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
      if (keys.length > 0) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async open(publicPath: string): Promise<StoredFile | null> {
    const key = this.keyOf(publicPath);
    let head;
    try {
      head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const etag = head.ETag;
    return {
      size: head.ContentLength ?? 0,
      modified: head.LastModified ?? new Date(0),
      etag: head.ETag,
      // The same object the HEAD measured (If-Match): a replaced one fails rather than mixing versions.
      read: async (range) => {
        try {
          const answer = await this.client.send(
            new GetObjectCommand({ Bucket: this.bucket, Key: key, IfMatch: etag, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
          );
          return answer.Body as Readable;
        } catch (error) {
          // Replaced (an image's copy rewritten) or removed between the HEAD and the read: a French 409
          // the browser's next load resolves, never a 500.
          const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          if (status === 412 || isMissing(error)) throw new ConflictError('Le fichier vient d’être remplacé : rechargez la page.');
          throw error;
        }
      },
      close: async () => undefined,
    };
  }

  async list(folder: string): Promise<string[]> {
    const prefix = `${this.keyOf(`${MEDIA_PREFIX}${folder}/x`).slice(0, -1)}`;
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: '/', ContinuationToken: token }));
      for (const object of page.Contents ?? []) names.push(object.Key!.slice(prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  /**
   * Every stored object's path under the media (`courses/<uuid>.jpg`, `content/<uuid>/index.html`),
   * page by page: what a backup copies (docs/adr/0062).
   */
  async *listAll(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix || undefined, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const path = object.Key!.slice(this.prefix.length);
        if (path !== '' && !path.endsWith('/')) yield path;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Streams a local file to exactly this public path, in parts: a restore (docs/adr/0062). */
  async writeFile(publicPath: string, sourcePath: string): Promise<void> {
    await this.upload(publicPath, sourcePath);
  }

  /** Streams a local file to the key of `publicPath` in parts (multipart beyond one part). */
  private async upload(publicPath: string, sourcePath: string, partsInFlight = PARTS_IN_FLIGHT): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keyOf(publicPath), Body: createReadStream(sourcePath), ContentType: contentTypeFor(publicPath) },
      partSize: PART_BYTES,
      queueSize: partsInFlight,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  protected assertPath(publicPath: string): void {
    this.keyOf(publicPath);
  }

  /** The object key of a public path; a French 400 for anything that could leave the media (`..`, empty parts). */
  private keyOf(publicPath: string): string {
    if (!publicPath.startsWith(MEDIA_PREFIX)) throw new InvalidInputError('Chemin de fichier invalide.');
    const relativePath = publicPath.slice(MEDIA_PREFIX.length);
    const parts = relativePath.split('/');
    if (relativePath.includes('\0') || relativePath.includes('\\') || parts.some((part) => part === '' || part === '.' || part === '..')) {
      throw new InvalidInputError('Chemin de fichier invalide.');
    }
    return this.prefix + relativePath;
  }
}

/**
 * Whether a read failed because the object is not there. AWS answers 403 rather than 404 for a
 * missing key when the credentials lack `s3:ListBucket`: that is a missing file too (a French 404),
 * never a 500; credentials refused outright fail HeadBucket, so the node is not ready.
 */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404 || $metadata?.httpStatusCode === 403;
}

/** Every file under a directory, depth first, in name order. */
async function filesUnder(directory: string): Promise<string[]> {
  const files: string[] = [];
  const entries = (await readdir(directory, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}
