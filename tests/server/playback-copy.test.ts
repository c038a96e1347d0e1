// The editor's playback copies are a cache that does not grow for ever: a copy goes when the file it was made
// from is gone or changed, and past the size limit the copies played longest ago go first.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createMediaService } from '../../server/media/media-service';
import { PlaybackCopies } from '../../server/media/playback-copy';

const media = createMediaService();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-playback-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An MPEG-4 Part 2 AVI, as a street camera writes: no browser plays it, so it gets a copy. */
function cameraFile(name: string, seconds = 1): string {
  const file = path.join(dir, 'src', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync(media.ffmpegPath, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=160x120:rate=10:duration=${seconds}`],
    ...['-c:v', 'mpeg4', '-vtag', 'XVID', '-q:v', '4', file],
  ]);
  return file;
}

const copiesIn = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);
const setPlayed = (file: string, msAgo: number) => {
  const t = new Date(Date.now() - msAgo);
  fs.utimesSync(file, t, t);
};

test('a copy goes when its file is deleted or replaced; one whose file is there stays', async () => {
  const folder = path.join(dir, 'copies-gone');
  const copies = new PlaybackCopies(folder, media);
  const [a, b, c] = [cameraFile('a.avi'), cameraFile('b.avi'), cameraFile('c.avi')];
  const [ca, cb, cc] = [await copies.fileFor(a), await copies.fileFor(b), await copies.fileFor(c)];
  for (const copy of [ca, cb, cc]) expect(path.dirname(copy)).toBe(folder);
  expect(copiesIn(folder)).toHaveLength(6); // each copy with its note
  fs.rmSync(a); // the video was deleted and purged
  cameraFile('b.avi', 2); // the file was replaced by another
  const removed = await copies.sweep();
  expect(removed.sort()).toEqual(
    [path.basename(ca), path.basename(cb)].flatMap((n) => [n, n.replace('.mp4', '.json')]).sort(),
  );
  expect(copiesIn(folder)).toEqual([path.basename(cc).replace('.mp4', '.json'), path.basename(cc)].sort());
  // the replaced file gets a new copy of its own when played
  const again = await copies.fileFor(b);
  expect(again).not.toBe(cb);
  expect(fs.existsSync(again)).toBe(true);
});

test('past the size limit, the copies played longest ago go first, and playing a copy keeps it', async () => {
  const folder = path.join(dir, 'copies-limit');
  const sizer = new PlaybackCopies(path.join(dir, 'copies-size'), media);
  const one = fs.statSync(await sizer.fileFor(cameraFile('size.avi'))).size;
  // room for two copies, not three
  const copies = new PlaybackCopies(folder, media, Math.floor(one * 2.5));
  const [a, b, c] = [cameraFile('la.avi'), cameraFile('lb.avi'), cameraFile('lc.avi')];
  const ca = await copies.fileFor(a);
  const cb = await copies.fileFor(b);
  setPlayed(ca, 60_000);
  setPlayed(cb, 30_000);
  expect(await copies.fileFor(a)).toBe(ca); // a is played again: now b was played longest ago
  const cc = await copies.fileFor(c); // the third copy sweeps the folder
  expect(fs.existsSync(cb)).toBe(false);
  expect(fs.existsSync(cb.replace('.mp4', '.json'))).toBe(false);
  expect(fs.existsSync(ca)).toBe(true);
  expect(fs.existsSync(cc)).toBe(true);
});

test('a part left by a stopped process goes after hours, and a copy without its note goes', async () => {
  const folder = path.join(dir, 'copies-parts');
  fs.mkdirSync(folder, { recursive: true });
  const stale = path.join(folder, 'aaaa.mp4.123.part');
  const fresh = path.join(folder, 'bbbb.mp4.456.part');
  const unknown = path.join(folder, 'cccc.mp4');
  for (const f of [stale, fresh, unknown]) fs.writeFileSync(f, 'x');
  setPlayed(stale, 7 * 60 * 60_000);
  const removed = await new PlaybackCopies(folder, media).sweep();
  expect(removed.sort()).toEqual(['aaaa.mp4.123.part', 'cccc.mp4']);
  expect(copiesIn(folder)).toEqual(['bbbb.mp4.456.part']);
});
