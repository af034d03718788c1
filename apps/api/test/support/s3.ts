import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The variables that point the shop at this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3 server on 127.0.0.1 (s3rver: the S3 REST API over a temporary directory), with one empty bucket.
 * `port` 0 takes any free port.
 */
export async function startLocalS3(options: { port?: number; bucket?: string } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'boutique-test';
  const directory = mkdtempSync(join(tmpdir(), 'boutique-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed test credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
