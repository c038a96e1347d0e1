// Annotation package imports that are refused: unsafe or malformed archives, another root, bad config,
// non-admins and oversized uploads, each writing nothing.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { as, makeTestApp, seedUser } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import fs from 'node:fs';
import path from 'node:path';
import { makeZip, readZip } from '../helpers/zip';
import {
  ADMIN,
  FROM,
  config,
  env,
  getJob,
  importZip,
  importsDir,
  snapshot,
  startPackageImportApp,
} from '../helpers/package-import-env';

startPackageImportApp();

/** Rewrites an entry name inside a zip (local header and central directory alike), keeping its length. */
function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  expect(to).toHaveLength(from.length);
  const out = Buffer.from(zip);
  let at = out.indexOf(from);
  while (at >= 0) {
    out.write(to, at, 'latin1');
    at = out.indexOf(from, at + 1);
  }
  return out;
}

async function expectRefused(zip: Buffer, status: number, detail: string | RegExp) {
  const before = await snapshot();
  const res = await importZip(zip);
  expect(res.statusCode).toBe(status);
  if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
  else expect(res.json().detail).toMatch(detail);
  expect(await snapshot()).toEqual(before);
  expect(importsDir()).toEqual([]);
}

async function packageWith(
  change: (
    files: Map<string, Buffer>,
    manifest: { files: Array<{ path: string; sha256: string; bytes: number }> },
  ) => void,
  extra: Array<{ name: string; content: Buffer | string; mode?: number }> = [],
) {
  const { names, files } = await readZip(env.pkg);
  const manifest = JSON.parse(files.get('manifest.json')!.toString());
  change(files, manifest);
  for (const f of manifest.files)
    if (files.has(f.path)) {
      f.sha256 = createHash('sha256').update(files.get(f.path)!).digest('hex');
      f.bytes = files.get(f.path)!.length;
    }
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  return makeZip([...names.filter((n) => files.has(n)).map((n) => ({ name: n, content: files.get(n)! })), ...extra]);
}

it('refuses zip-slip entry names and symbolic links, writing nothing', async () => {
  const climbing = renameEntry(
    await makeZip([
      { name: 'videos/evil.json', content: '{}' },
      { name: 'manifest.json', content: '{}' },
    ]),
    'videos/evil.json',
    '../../evil.jsonx',
  );
  await expectRefused(
    climbing,
    400,
    /^Unsafe or damaged entry in the archive: invalid relative path: \.\.\/\.\.\/evil\.jsonx/,
  );
  const absolute = renameEntry(
    await makeZip([{ name: 'videos/evil.json', content: '{}' }]),
    'videos/evil.json',
    '/tmp/x/evil.json',
  );
  await expectRefused(absolute, 400, /^Unsafe or damaged entry in the archive: absolute path: \/tmp\/x\/evil\.json/);
  const link = await makeZip([
    { name: 'videos/link.json', content: '/etc/passwd', mode: 0o120777 },
    { name: 'manifest.json', content: '{}' },
  ]);
  await expectRefused(link, 400, 'videos/link.json: symbolic links are not allowed in a package');
});

it('refuses an archive that expands more than 100× (declared or actually inflated), writing nothing', async () => {
  const bomb = await makeZip([{ name: 'manifest.json', content: Buffer.alloc(20 * 1024 * 1024, 0x20) }]);
  await expectRefused(bomb, 400, 'The archive would expand to more than 100× its size; refused');
  // the same bytes with the sizes in the directory understated: the inflated bytes are counted instead
  const lying = Buffer.from(bomb);
  const cd = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  lying.writeUInt32LE(10, cd + 24);
  await expectRefused(
    lying,
    400,
    /^(Unsafe or damaged entry in the archive|manifest\.json): .*(too many bytes|expands to more than 100×)/,
  );
});

it('refuses a malformed manifest or video file naming the entry, writing nothing', async () => {
  await expectRefused(
    await makeZip([{ name: 'manifest.json', content: '{ nope' }]),
    400,
    /^manifest\.json: not valid JSON/,
  );
  await expectRefused(
    await makeZip([{ name: 'manifest.json', content: '{"format": "vat-package", "version": 2}' }]),
    400,
    /^manifest\.json: version: /,
  );
  await expectRefused(
    await packageWith((files) => files.set('videos/000002.json', Buffer.from('[1, 2'))),
    400,
    /^videos\/000002\.json: not valid JSON/,
  );
  await expectRefused(
    await packageWith((files) => {
      const v = JSON.parse(files.get('videos/000003.json')!.toString());
      v.tracks[0].frames.push(99); // one more frame than the box column holds
      files.set('videos/000003.json', Buffer.from(JSON.stringify(v)));
    }),
    400,
    'videos/000003.json: track 1: with_keypoints and source need one character per frame',
  );
  await expectRefused(
    await packageWith((files) => {
      const v = JSON.parse(files.get('videos/000001.json')!.toString());
      v.rel_path = '../outside.mp4';
      files.set('videos/000001.json', Buffer.from(JSON.stringify(v)));
    }),
    400,
    "videos/000001.json: rel_path '../outside.mp4' is not a safe relative path",
  );
  await expectRefused(
    await packageWith(() => {}, [{ name: 'videos/extra.json', content: '{}' }]),
    400,
    'videos/extra.json: not listed in manifest.json',
  );
});

it('refuses a package from another root, bad config and non-admins; 404 for unknown jobs', async () => {
  const other = await importZip(env.pkg, config({ source_root: '/media/elsewhere' }));
  expect(other.json().detail).toBe(`The package was exported from ${FROM}, not from /media/elsewhere`);
  const noTarget = await importZip(env.pkg, JSON.stringify({ source_root: FROM, target_root: '' }));
  expect(noTarget.json().detail).toBe('config.target_root: Target root path is required');
  expect((await importZip(env.pkg, config(), 'nobody@example.com')).statusCode).toBe(403);
  expect((await getJob(999999)).statusCode).toBe(404);
  expect(importsDir()).toEqual([]);
});

it('refuses an archive over the configured size with 413', async () => {
  const small = await makeTestApp({ env: { VAT_MAX_UPLOAD_MB: '1' } });
  try {
    await seedUser(small.database, ADMIN, 'admin');
    const form = multipart([
      { name: 'config', value: config() },
      { name: 'file', filename: 'big.zip', content: Buffer.alloc(1536 * 1024, 1) },
    ]);
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/v1/admin/repo/import_source',
      payload: form.payload,
      headers: { ...form.headers, ...as(ADMIN) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('The file is larger than 1 MB');
    expect(fs.readdirSync(path.join(small.dataDir, 'tmp', 'imports'))).toEqual([]);
    expect((await small.database.sql.query('select count(*)::int as n from import_jobs')).rows).toEqual([{ n: 0 }]);
  } finally {
    await small.close();
  }
});
