// POST /videos/batch_export: zip of labelled videos' annotation sets per mode, with a manifest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { sources, videos } from '../../server/db/schema';

let t: TestApp;

function unzip(buf: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, string>();
      zip.on('entry', (e: yauzl.Entry) =>
        zip.openReadStream(e, (e2, s) => {
          if (e2 || !s) return reject(e2);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            files.set(e.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

const exportZip = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/videos/batch_export', payload });

beforeAll(async () => {
  t = await makeTestApp();
  await t.database.db.insert(sources).values([{ root: '/lib/a' }, { root: '/lib/b' }, { root: '/lib/empty' }]);
  const rows = [];
  for (let i = 1; i <= 15; i++)
    rows.push({
      filename: `a${i}.mp4`,
      path: `/lib/a/a${i}.mp4`,
      relPath: `a${i}.mp4`,
      sourceRoot: '/lib/a',
      processingStatus: 'labelled',
    });
  for (let i = 1; i <= 5; i++)
    rows.push({
      filename: `b${i}.mp4`,
      path: `/lib/b/b${i}.mp4`,
      relPath: `b${i}.mp4`,
      sourceRoot: '/lib/b',
      processingStatus: i <= 3 ? 'labelled' : 'completed',
    });
  await t.database.db.insert(videos).values(rows);
});
afterAll(async () => {
  await t?.close();
});

describe('batch export', () => {
  it('first10 exports the first ten labelled videos with a manifest and a filename', async () => {
    const res = await exportZip({ mode: 'first10' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="annotations_first10_.+\.zip"/);
    const files = await unzip(res.rawPayload);
    const manifest = JSON.parse(files.get('manifest.json')!);
    expect(manifest.counts).toEqual({ labelled: 18, videos: 10 });
    expect(manifest.videos.map((v: { filename: string }) => v.filename)).toEqual([
      'a1.mp4',
      'a2.mp4',
      'a3.mp4',
      'a4.mp4',
      'a5.mp4',
      'a6.mp4',
      'a7.mp4',
      'a8.mp4',
      'a9.mp4',
      'a10.mp4',
    ]);
    const one = JSON.parse(files.get(manifest.videos[0].file)!);
    expect(one.status).toBe('labelled');
    expect(one.annotations).toHaveProperty('person_tracks');
    expect(one.annotations.video_info.filename).toBe('a1.mp4');
  });

  it("0.8 and 1.0 take that fraction (rounded up) of a source's labelled videos", async () => {
    const m = async (mode: string) =>
      JSON.parse((await unzip((await exportZip({ mode, source_root: '/lib/b' })).rawPayload)).get('manifest.json')!);
    expect((await m('0.8')).counts).toEqual({ labelled: 3, videos: 3 });
    expect((await m('1.0')).videos.map((v: { filename: string }) => v.filename)).toEqual([
      'b1.mp4',
      'b2.mp4',
      'b3.mp4',
    ]);
    expect((await m('first100')).source_root).toBe('/lib/b');
  });

  it('answers 404 with a detail when nothing is labelled or the source is unknown', async () => {
    const none = await exportZip({ mode: '1.0', source_root: '/lib/empty' });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No labelled videos to export in /lib/empty');
    const unknown = await exportZip({ mode: '1.0', source_root: '/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toContain('Unknown source');
  });

  it('rejects an unknown mode or a missing body with 400', async () => {
    expect((await exportZip({ mode: 'first7' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/videos/batch_export' })).statusCode).toBe(400);
  });
});
