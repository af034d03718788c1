import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  checkedContentType,
  contentTypeOf,
  publicUrlFor,
  STORAGE_CACHE_CONTROL,
  type Storage,
  type StoredObject,
} from './index.js';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible server (MinIO, SeaweedFS, Garage, R2…); unset: AWS. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Where browsers load the objects from (a public bucket or a CDN); unset: through the API's /storage. */
  publicUrl: string | undefined;
}

/**
 * Objects in an S3 bucket, through the official SDK. Objects are written with their content type and the
 * year-long cache header, so that a public bucket or a CDN in front serves them exactly as the API would.
 */
export class S3Storage implements Storage {
  readonly driver = 's3';
  readonly publicUrl: (key: string) => string;
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(settings: S3Settings) {
    this.#bucket = settings.bucket;
    this.publicUrl = publicUrlFor(settings.publicUrl);
    this.#client = new S3Client({
      region: settings.region,
      ...(settings.endpoint && { endpoint: settings.endpoint }),
      ...(settings.credentials && { credentials: settings.credentials }),
      forcePathStyle: settings.forcePathStyle,
      // The SDK's default checksums (CRC32 trailers) are not spoken by every S3-compatible server; the
      // signature already covers what is sent.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer must fail a request (and the readiness probe) in seconds, not minutes.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000, throwOnRequestTimeout: true },
      maxAttempts: 3,
    });
  }

  get location() {
    return `s3://${this.#bucket}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: body,
        ContentType: checkedContentType(key, contentType),
        ContentLength: body.length,
        CacheControl: STORAGE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const contentType = contentTypeOf(key);
    if (!contentType) return undefined;
    try {
      const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return {
        body: answer.Body,
        contentType: answer.ContentType ?? contentType,
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? '""',
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!contentTypeOf(key)) return false;
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async list(prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && contentTypeOf(object.Key)) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async check(signal?: AbortSignal): Promise<void> {
    await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }), { abortSignal: signal });
  }

  close() {
    this.#client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}
