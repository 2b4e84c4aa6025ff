import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/academy-config-test', JWT_SECRET: 'x'.repeat(40) } as const;

describe('storage configuration', () => {
  it('defaults to the local folder', () => {
    expect(loadConfig({ ...base }).storage).toEqual({ driver: 'local' });
  });

  it('s3 needs a bucket, and both keys or neither, with a Korean and English message', () => {
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET이 필요합니다 \/ S3_BUCKET is required/);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'academy', S3_ACCESS_KEY_ID: 'AK' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 'ftp' })).toThrow(/local 또는 s3/);
  });

  it('a self-hosted endpoint uses path-style addressing unless told otherwise', () => {
    const c = loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'academy', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' });
    expect(c.storage).toMatchObject({ driver: 's3', bucket: 'academy', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true });
    expect(loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'academy' }).storage).toMatchObject({ forcePathStyle: false, endpoint: undefined });
  });
});
