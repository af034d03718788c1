import type { StorageConfig } from '../env.js';
import { DiskStorage } from './disk.js';
import type { Storage } from './index.js';

/**
 * The configured storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/storage. The S3 SDK is loaded
 * only then, so a shop on disk does not pay for it at start.
 */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  if (!config.s3) return new DiskStorage(config.dir);
  const { S3Storage } = await import('./s3.js');
  return new S3Storage(config.s3);
}
