import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../server/config';

describe('configuration from the environment', () => {
  test('defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      bootstrapSuper: [],
      databaseUrl: undefined,
    });
    expect(c.modelsDir).toBe(path.resolve('./data/models'));
  });
  test('values are parsed and validated', () => {
    const c = loadConfig({
      PORT: '9000',
      VAT_BOOTSTRAP_SUPER: 'a@x.io, bob',
      VAT_MAX_UPLOAD_MB: '10',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(c).toMatchObject({
      port: 9000,
      bootstrapSuper: ['a@x.io', 'bob'],
      maxUploadBytes: 10 * 1024 * 1024,
      databaseUrl: 'postgres://u@h/db',
    });
  });
  test('the window cache holds 256 MB unless VAT_WINDOW_CACHE_MB says otherwise (0 turns it off)', () => {
    expect(loadConfig({}).windowCacheBytes).toBe(256 * 1024 * 1024);
    expect(loadConfig({ VAT_WINDOW_CACHE_MB: '64' }).windowCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ VAT_WINDOW_CACHE_MB: '0' }).windowCacheBytes).toBe(0);
    expect(() => loadConfig({ VAT_WINDOW_CACHE_MB: '-1' })).toThrow(/VAT_WINDOW_CACHE_MB/);
  });
  test('a detection-window answer holds 4 MB at most unless VAT_WINDOW_MAX_MB says otherwise (never below one full frame)', () => {
    expect(loadConfig({}).windowMaxBytes).toBe(4 * 1024 * 1024);
    expect(loadConfig({ VAT_WINDOW_MAX_MB: '0.5' }).windowMaxBytes).toBe(512 * 1024);
    expect(() => loadConfig({ VAT_WINDOW_MAX_MB: '0.1' })).toThrow(/VAT_WINDOW_MAX_MB/);
  });
  test('playback copies are kept to 20 GB unless VAT_PLAYBACK_COPIES_MB says otherwise (at least 1 MB)', () => {
    expect(loadConfig({}).playbackCopiesBytes).toBe(20 * 1024 * 1024 * 1024);
    expect(loadConfig({ VAT_PLAYBACK_COPIES_MB: '500' }).playbackCopiesBytes).toBe(500 * 1024 * 1024);
    expect(() => loadConfig({ VAT_PLAYBACK_COPIES_MB: '0' })).toThrow(/VAT_PLAYBACK_COPIES_MB/);
  });
  test('unfinished resumable uploads: 5 per user, 50 in all, kept 24 h unless configured', () => {
    expect(loadConfig({}).tusUnfinished).toEqual({ perUser: 5, total: 50, keepMs: 24 * 60 * 60 * 1000 });
    expect(
      loadConfig({
        VAT_TUS_MAX_UNFINISHED_PER_USER: '2',
        VAT_TUS_MAX_UNFINISHED_TOTAL: '9',
        VAT_TUS_KEEP_UNFINISHED_HOURS: '1.5',
      }).tusUnfinished,
    ).toEqual({ perUser: 2, total: 9, keepMs: 1.5 * 60 * 60 * 1000 });
    expect(() => loadConfig({ VAT_TUS_MAX_UNFINISHED_PER_USER: '0' })).toThrow(/VAT_TUS_MAX_UNFINISHED_PER_USER/);
  });
  test('bad values fail with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    // a bootstrap id the identity header would refuse could never sign in
    expect(() => loadConfig({ VAT_BOOTSTRAP_SUPER: 'ok@x.io, b' })).toThrow(/VAT_BOOTSTRAP_SUPER.*3–64 chars/);
  });
});
