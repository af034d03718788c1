import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The variables that point the shop at this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3 server on 127.0.0.1 (s3rver: the S3 REST API over a temporary directory), with one empty bucket, in
 * a process of its own like a real one. `port` 0 takes any free port.
 *
 * s3rver signs the continuation token of a listing longer than one page (1,000 keys) with DES, which OpenSSL 3
 * keeps in its legacy provider only: without `--openssl-legacy-provider` every such listing fails with
 * InternalError (the demo's 1,145 pictures in four widths are 4,580 keys). Only this process gets the flag.
 */
export async function startLocalS3(options: { port?: number; bucket?: string } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'boutique-test';
  const directory = mkdtempSync(join(tmpdir(), 'boutique-s3-'));
  const script = fileURLToPath(new URL('./s3-server.mjs', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', script, directory, bucket, String(options.port ?? 0)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the local S3 server exited (${code}) before answering`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
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
      child.stdin.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
