// Annotation packages on the Repository Manager against the real server: an administrator exports the
// annotations of folder A (a clip the AI processed and a person corrected) as a zip, then imports that
// zip into folder B holding the same file under the same relative path — a dry run first, then the real
// import — and B's video ends up with A's tracks, detections and the corrected box, drawn on the
// Annotate screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { PersonTrack, Video } from '../domain/types';
import { test, expect, listVideos, signIn, SUPER_ID, useQuickPoseModel, userHeaders } from './fixtures';

const headers = userHeaders(SUPER_ID, 'super');
const REL = 'field/people.mp4';
let dirA: string;
let dirB: string;

test.beforeAll(() => {
  const samples = path.join(process.env.E2E_DATA_DIR!, 'sample-library');
  const clip = path.join(
    samples,
    fs.readdirSync(samples).find((f) => f.startsWith('people_'))!,
  );
  const folder = (name: string) => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `vat-e2e-pkg-${name}-`)));
    fs.mkdirSync(path.join(dir, path.dirname(REL)), { recursive: true });
    fs.copyFileSync(clip, path.join(dir, REL));
    return dir;
  };
  dirA = folder('a');
  dirB = folder('b');
});
test.afterAll(async ({ request }) => {
  for (const root of [dirA, dirB]) {
    await request.put('/api/v1/admin/repo/sources', {
      headers,
      data: { original_root: root, root, label: path.basename(root), role: '', enabled: false },
    });
    await request.delete('/api/v1/admin/repo/sources', { headers, data: { root } });
    fs.rmSync(root, { recursive: true, force: true });
  }
});

async function addSourceWithVideo(request: APIRequestContext, root: string, label: string): Promise<Video> {
  const res = await request.post('/api/v1/admin/repo/sources', {
    headers,
    data: { root, label, role: '', enabled: true },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  // the first scan runs in the background
  await expect.poll(async () => (await listVideos(request)).some((v) => v.source_root === root)).toBe(true);
  return (await listVideos(request)).find((v) => v.source_root === root)!;
}

const annotations = async (request: APIRequestContext, id: number) => {
  const res = await request.get(`/api/v1/annotations/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { person_tracks: PersonTrack[] };
};
const detectionCount = (tracks: PersonTrack[]) => tracks.reduce((n, t) => n + t.detections.length, 0);

test("export folder A's annotations as a zip and import them into folder B: dry run, then the real import", async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const labelA = `Packages A ${path.basename(dirA)}`;
  const labelB = `Packages B ${path.basename(dirB)}`;

  // Folder A: its clip is processed by the AI and one box is corrected by a person.
  const videoA = await addSourceWithVideo(request, dirA, labelA);
  await useQuickPoseModel(request);
  const status = async () => (await (await request.get(`/api/v1/videos/${videoA.id}/status`)).json()).status as string;
  expect((await request.post(`/api/v1/videos/${videoA.id}/process`, { headers })).ok()).toBe(true);
  await expect.poll(status, { timeout: 300_000, intervals: [2000] }).toBe('completed');
  const processed = await annotations(request, videoA.id);
  const log = await (await request.get(`/api/v1/videos/${videoA.id}/log`)).text();
  expect(processed.person_tracks.length, `processing log:\n${log}`).toBeGreaterThan(0);
  const track = processed.person_tracks[0];
  const frame = track.detections[0].frame;
  const box = { x1: 0.25, y1: 0.2, x2: 0.5, y2: 0.9 };
  const edit = await request.patch(`/api/v1/annotations/${videoA.id}/tracks/${track.track_id}/detections/${frame}`, {
    headers,
    data: { ...box, version: track.detections[0].version },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  const exported = await annotations(request, videoA.id);

  // Export from the source row with the default statuses: a zip named after the label is downloaded.
  await signIn(page, SUPER_ID, 'super');
  await page.goto('/admin/repository');
  const rowA = page.locator(`[data-testid="repo.sourceRow"][data-root="${dirA}"]`);
  await expect(rowA.getByTestId('repo.stat.completed')).toHaveText('Completed: 1');
  await rowA.getByTestId('repo.exportSource').click();
  const exportDialog = page.getByTestId('packages.export-dialog');
  await expect(exportDialog.getByTestId('export.source-name')).toHaveText(`Exporting from: ${labelA}`);
  for (const s of ['completed', 'reviewed', 'labelled', 'kiv', 'disqualified']) {
    await expect(exportDialog.getByTestId(`export.status.${s}`)).toBeChecked();
  }
  const download = page.waitForEvent('download');
  await exportDialog.getByTestId('export.submit').click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(
    new RegExp(`^export_${labelA.replace(/ /g, '[ _]')}_\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}(\\.\\d+)?Z?\\.zip$`),
  );
  const zipPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vat-e2e-pkg-zip-')), zip.suggestedFilename());
  await zip.saveAs(zipPath);
  await expect(exportDialog).toHaveCount(0);
  await expect(page.getByTestId('repo.activityLog')).toContainText(`Exported annotations from ${labelA}`);

  // Folder B: the same file under the same relative path, not processed.
  const videoB = await addSourceWithVideo(request, dirB, labelB);
  expect(videoB.rel_path).toBe(videoA.rel_path);
  expect((await annotations(request, videoB.id)).person_tracks).toEqual([]);

  await page.reload();
  const rowB = page.locator(`[data-testid="repo.sourceRow"][data-root="${dirB}"]`);
  await expect(rowB.getByTestId('repo.stat.total')).toHaveText('Total: 1');
  await rowB.getByTestId('repo.importSource').click();
  const importDialog = page.getByTestId('packages.import-dialog');
  await expect(importDialog.getByTestId('import.target-name')).toHaveText(`Importing to: ${labelB}`);
  await importDialog.getByTestId('import.file').setInputFiles(zipPath);
  await expect(importDialog.getByTestId('import.file-info')).toHaveText(
    `${zip.suggestedFilename()} (${(fs.statSync(zipPath).size / 1024).toFixed(1)} KB)`,
  );
  await importDialog.getByTestId('import.source-root').fill(dirA);
  await importDialog.getByTestId('import.target-root').fill(dirB);
  await expect(importDialog.getByTestId('import.mode-hint')).toHaveText('Skip videos that already have annotations');
  await expect(importDialog.getByTestId('import.validate')).toBeChecked();

  await importDialog.getByTestId('import.dry-run').check();
  await expect(importDialog.getByTestId('import.submit')).toHaveText('Preview Import');
  await importDialog.getByTestId('import.submit').click();
  await expect(importDialog.getByTestId('import.result-title')).toHaveText('Dry Run Results');
  await expect(importDialog.getByTestId('import.result.videos-imported')).toHaveText('1');
  await expect(importDialog.getByTestId('import.result.videos-failed')).toHaveText('0');
  expect((await annotations(request, videoB.id)).person_tracks).toEqual([]);

  await importDialog.getByTestId('import.dry-run').uncheck();
  await expect(importDialog.getByTestId('import.submit')).toHaveText('Import');
  await importDialog.getByTestId('import.submit').click();
  await expect(importDialog.getByTestId('import.result-title')).toHaveText('Import Complete');
  await expect(importDialog.getByTestId('import.result.status')).toHaveText('completed', { timeout: 60_000 });
  await expect(importDialog.getByTestId('import.result')).toHaveAttribute('data-style', 'success');
  await expect(importDialog.getByTestId('import.result.videos-imported')).toHaveText('1');
  await expect(importDialog.getByTestId('import.result.persons-imported')).toHaveText(
    String(exported.person_tracks.length),
  );
  await expect(importDialog.getByTestId('import.cancel')).toHaveText('Close');
  await expect(page.getByTestId('repo.activityLog')).toContainText(`Imported annotations to ${labelB}`);
  await importDialog.getByTestId('import.cancel').click();

  // B's video carries A's tracks and detections, the corrected box included, still marked human.
  const imported = await annotations(request, videoB.id);
  expect(imported.person_tracks.map((t) => t.track_id)).toEqual(exported.person_tracks.map((t) => t.track_id));
  expect(detectionCount(imported.person_tracks)).toBe(detectionCount(exported.person_tracks));
  const corrected = imported.person_tracks
    .find((t) => t.track_id === track.track_id)!
    .detections.find((d) => d.frame === frame)!;
  expect(corrected.source).toBe('human');
  for (const k of ['x1', 'y1', 'x2', 'y2'] as const) expect(corrected.bbox[k]).toBeCloseTo(box[k], 4);

  // The Annotate screen draws B's boxes at the corrected frame.
  const tracksAt = imported.person_tracks
    .filter((t) => t.detections.some((d) => d.frame === frame))
    .map((t) => t.track_id)
    .sort((a, b) => a - b);
  await page.goto(`/videos/${videoB.id}/annotate`);
  await expect(page.getByTestId('header.title')).toContainText('Annotate: ');
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await page.getByTestId('controls.entry-unit').selectOption('frame');
  await page.getByTestId('controls.entry').fill(String(frame));
  await page.getByTestId('controls.entry-go').click();
  await expect.poll(() => page.evaluate(() => window.__vat!.overlay().frame)).toBe(frame);
  await expect
    .poll(() => page.evaluate(() => window.__vat!.overlay()))
    .toMatchObject({ boxes: tracksAt.length, trackIds: tracksAt });
  fs.rmSync(path.dirname(zipPath), { recursive: true, force: true });
});
