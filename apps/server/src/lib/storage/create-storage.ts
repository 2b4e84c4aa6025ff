import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

/** The storage chosen by STORAGE_DRIVER: a folder under DATA_DIR (default) or an S3-compatible store. */
export function createStorage(opts: { config: Config; now: () => Date }): Storage {
  const s = opts.config.storage ?? { driver: 'local' };
  if (s.driver === 's3') return createS3Storage({ ...s, now: opts.now });
  return createLocalStorage({ root: path.join(opts.config.dataDir, 'storage'), secret: opts.config.jwtSecret, now: opts.now });
}
