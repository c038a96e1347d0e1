// POST /assignments/import: CSV aliases and formats, matching (full path first, then file name,
// ambiguous, missing), already-assigned rows and force, dry runs that change nothing, size and format
// errors, and the library's assignee filters showing the result.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import { multipartFile } from '../helpers/multipart';

let t: TestApp;
let ids: Record<string, number>;

const importCsv = (csv: string | Buffer, query = '', who: string | null = 'admin1') => {
  const { payload, headers } = multipartFile('assignments.csv', Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'), {
    type: 'text/csv',
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/assignments/import${query}`,
    payload,
    headers: { ...headers, ...(who ? as(who) : {}) },
  });
};
const assignments = async () =>
  (
    await t.database.sql.query<{ id: number; assigned_to_id: string | null; assigned_to_name: string | null }>(
      'select id, assigned_to_id, assigned_to_name from videos order by id',
    )
  ).rows;

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'boss', 'super');
  await seedUser(t.database, 'ann1', 'annotator', 'Ann Lee');
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.database.sql.query('delete from videos');
  const rows = await insertVideos(t.database, [
    { filename: 'a.mp4', sourceRoot: '/media/a' },
    { filename: 'dup.mp4', sourceRoot: '/media/a' },
    { filename: 'dup.mp4', sourceRoot: '/media/b' },
    { filename: 'taken.mp4', sourceRoot: '/media/a', assignedToId: 'bob', assignedToName: 'Bob' },
    { filename: 'x, y.mp4', sourceRoot: '/media/b' },
    { filename: 'gone.mp4', sourceRoot: '/media/a', status: 'deleted' },
  ]);
  ids = { a: rows[0], dupA: rows[1], dupB: rows[2], taken: rows[3], comma: rows[4], gone: rows[5] };
});

describe('assignment import', () => {
  test('a guest gets 401, an annotator 403; admin and super may import', async () => {
    const csv = 'filename,worker_name\na.mp4,ann1\n';
    expect((await importCsv(csv, '', null)).statusCode).toBe(401);
    const ann = await importCsv(csv, '', 'ann1');
    expect(ann.statusCode).toBe(403);
    expect(ann.json().detail).toMatch(/admin/i);
    expect((await importCsv(csv, '?dry_run=true', 'admin1')).statusCode).toBe(200);
    expect((await importCsv(csv, '?dry_run=true', 'boss')).statusCode).toBe(200);
  });

  test('matches by fullpath first, then file name; several videos of one name are ambiguous; unknown ones missing', async () => {
    const r = await importCsv(
      [
        'filename,fullpath,worker_name',
        'a.mp4,,ann1',
        'dup.mp4,/media/b/dup.mp4,carol',
        'dup.mp4,,dave',
        'nope.mp4,,dave',
        'gone.mp4,,dave',
      ].join('\n'),
    );
    expect(r.statusCode).toBe(200);
    const rep = r.json();
    expect(rep).toMatchObject({
      dry_run: false,
      total_rows: 5,
      matched: 2,
      assigned: 2,
      skipped_already_assigned: 0,
      ambiguous: 1,
      missing: 2,
      rows_truncated: false,
    });
    expect(
      rep.rows.map((x: { action: string; video_id: number | null; worker: string }) => [
        x.action,
        x.video_id,
        x.worker,
      ]),
    ).toEqual([
      ['assigned', ids.a, 'ann1'],
      ['assigned', ids.dupB, 'carol'],
      ['ambiguous', null, 'dave'],
      ['missing', null, 'dave'],
      ['missing', null, 'dave'],
    ]);
    expect(rep.rows[2].reason).toContain('/media/a, /media/b');
    expect(rep.rows[0].csv).toEqual({ filename: 'a.mp4', fullpath: '', worker_name: 'ann1' });
    const after = await assignments();
    // a known user id takes the name from the users table; an unknown worker is stored as given
    expect(after.find((v) => v.id === ids.a)).toMatchObject({ assigned_to_id: 'ann1', assigned_to_name: 'Ann Lee' });
    expect(after.find((v) => v.id === ids.dupB)).toMatchObject({ assigned_to_id: 'carol', assigned_to_name: 'carol' });
    expect(after.find((v) => v.id === ids.dupA)).toMatchObject({ assigned_to_id: null });
  });

  test('column aliases, a byte-order mark, CRLF, semicolons and quoted fields', async () => {
    const csv = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('File;Assignee\r\n"x, y.mp4";"Ann Lee"\r\n"a.mp4";ann1\r\n', 'utf8'),
    ]);
    const r = await importCsv(csv);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ total_rows: 2, matched: 2, assigned: 2 });
    expect(r.json().rows[0].csv).toEqual({ File: 'x, y.mp4', Assignee: 'Ann Lee' });
    // a worker given by the user's display name resolves to that user
    expect((await assignments()).find((v) => v.id === ids.comma)).toMatchObject({
      assigned_to_id: 'ann1',
      assigned_to_name: 'Ann Lee',
    });
    for (const header of ['path,worker', 'full_path,worker_id']) {
      const res = await importCsv(`${header}\n/media/b/dup.mp4,erin\n`, '?force=true');
      expect(res.json()).toMatchObject({ matched: 1, assigned: 1 });
    }
  });

  test('an assigned video is skipped unless forced; a forced run reassigns it', async () => {
    const csv = 'filename,worker_name\ntaken.mp4,ann1\n';
    const skip = (await importCsv(csv)).json();
    expect(skip).toMatchObject({ matched: 1, assigned: 0, skipped_already_assigned: 1 });
    expect(skip.rows[0]).toMatchObject({
      action: 'skipped',
      video_id: ids.taken,
      reason: 'already assigned to Bob (force overwrite to reassign)',
    });
    expect((await assignments()).find((v) => v.id === ids.taken)?.assigned_to_id).toBe('bob');
    const forced = (await importCsv(csv, '?force=true')).json();
    expect(forced).toMatchObject({ assigned: 1, skipped_already_assigned: 0 });
    expect(forced.rows[0].reason).toBe('reassigned from Bob');
    expect((await assignments()).find((v) => v.id === ids.taken)?.assigned_to_id).toBe('ann1');
  });

  test('a dry run changes nothing and reports exactly what the real run then does', async () => {
    const csv = 'filename,worker_name\na.mp4,ann1\na.mp4,carol\ntaken.mp4,carol\ndup.mp4,x\nnope.mp4,x\n';
    const before = await t.database.sql.query('select * from videos order by id');
    const dry = await importCsv(csv, '?dry_run=true&force=false');
    expect(dry.statusCode).toBe(200);
    expect((await t.database.sql.query('select * from videos order by id')).rows).toEqual(before.rows);
    const real = await importCsv(csv, '?dry_run=false');
    expect({ ...dry.json(), dry_run: false }).toEqual(real.json());
    // the second row of a.mp4 sees the first row's assignment
    expect(real.json().rows[1]).toMatchObject({
      action: 'skipped',
      reason: 'already assigned to Ann Lee (force overwrite to reassign)',
    });
  });

  test('the library filters show the result at once', async () => {
    await importCsv('filename,worker_name\na.mp4,ann1\nx, y.mp4,ann1\n'.replace('x, y.mp4', '"x, y.mp4"'));
    const byAssignee = await t.app.inject({ url: '/api/v1/videos/?limit=100&skip=0&assignee=ann1' });
    expect(
      byAssignee
        .json()
        .map((v: { id: number }) => v.id)
        .sort(),
    ).toEqual([ids.a, ids.comma].sort());
    const unassigned = await t.app.inject({ url: '/api/v1/videos/?limit=100&skip=0&unassigned_only=true' });
    expect(
      unassigned
        .json()
        .map((v: { id: number }) => v.id)
        .sort(),
    ).toEqual([ids.dupA, ids.dupB].sort());
    const assignees = await t.app.inject({ url: '/api/v1/assignments/assignees' });
    expect(assignees.json()).toEqual([
      { id: 'ann1', name: 'Ann Lee', count: 2 },
      { id: 'bob', name: 'Bob', count: 1 },
    ]);
  });

  test.each([
    ['an unclosed quote', 'filename,worker_name\n"a.mp4,ann1\n', /^Malformed CSV/],
    ['no worker column', 'filename,owner\na.mp4,ann1\n', /needs a worker_name column/],
    ['no file column', 'worker\nann1\n', /needs a filename column/],
    ['an empty file', '', /empty/],
  ])('%s is a 400 with a detail and changes nothing', async (_what, csv, detail) => {
    const before = await assignments();
    const r = await importCsv(csv);
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toMatch(detail);
    expect(await assignments()).toEqual(before);
  });

  test('a CSV over 10 MB is a 413; a row without a worker is reported invalid', async () => {
    const big = Buffer.concat([Buffer.from('filename,worker_name\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 'a')]);
    const r = await importCsv(big);
    expect(r.statusCode).toBe(413);
    expect(r.json().detail).toBe('The CSV file is larger than 10 MB');
    const inv = (await importCsv('filename,worker_name\na.mp4,\n')).json();
    expect(inv).toMatchObject({ total_rows: 1, matched: 0, assigned: 0, invalid: 1 });
    expect(inv.rows[0]).toMatchObject({ action: 'invalid', reason: 'no worker_name' });
  });

  test('the query flags are validated', async () => {
    const r = await importCsv('filename,worker_name\n', '?dry_run=maybe');
    expect(r.statusCode).toBe(400);
  });
});
