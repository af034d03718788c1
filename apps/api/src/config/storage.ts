import { resolve } from 'node:path';
import { z } from 'zod';
import type { S3Settings } from '../storage/s3.js';
import { httpUrl, optionalString } from './fields.js';

/** Where pictures live: DATA_DIR/storage, or an S3-compatible bucket. */
export const StorageEnv = z.object({
  /** Pictures in S3-compatible object storage instead of DATA_DIR/storage (several instances share it). */
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  /** An S3-compatible server (MinIO, SeaweedFS, Garage, R2...); unset: AWS itself. */
  S3_ENDPOINT: optionalString.pipe(httpUrl.optional()),
  S3_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-west-1')
      .optional(),
  ),
  /** Both or neither; neither: the SDK's own chain (environment, instance role...). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Where browsers load the pictures from (a public bucket, a CDN); unset: through the API at /storage. */
  S3_PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
  /** bucket in the path rather than the host name; defaults to true with S3_ENDPOINT, false on AWS. */
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(['true', 'false', '1', '0']).optional()),
});
export type StorageEnv = z.infer<typeof StorageEnv>;

/** The S3 variables go together: any of them without S3_BUCKET is a mistake, as is half a key pair. */
export function checkS3(e: StorageEnv, ctx: z.RefinementCtx): void {
  const s3 = [
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_PUBLIC_URL',
  ] as const;
  const stray = s3.find((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && stray) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `required when ${stray} is set` });
    return;
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    const given = missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: `required when ${given} is set` });
  }
}

export interface StorageConfig {
  /** DATA_DIR/storage: where pictures live without S3, and where an embedded shop's pictures are. */
  dir: string;
  /** Set when S3_BUCKET is. */
  s3: S3Settings | undefined;
}

export function storageConfig(e: StorageEnv, dataDir: string): StorageConfig {
  return {
    dir: resolve(dataDir, 'storage'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle:
            e.S3_FORCE_PATH_STYLE === undefined
              ? e.S3_ENDPOINT !== undefined
              : e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
  };
}
