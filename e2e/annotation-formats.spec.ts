// The Annotate header's "Export as" menu downloads the video's tracks as PoseTrack JSON, MOTChallenge CSV
// and CVAT for video XML; a hand-made MOT file imported through the API comes back in each format.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, sampleVideo, signIn, userHeaders } from './fixtures';

test('Export as lists the three interchange formats and each downloads the imported tracks', async ({ page, request }) => {
  const video = await sampleVideo(request, 'life_'); // a clip whose tracks no other e2e test reads
  const mot = fs.readFileSync(path.resolve('tests/fixtures/formats/mot.txt')); // the suite runs from the repository root
  const imported = await request.post(`/api/v1/annotations/${video.id}/import`, {
    headers: userHeaders('e2e-formats'),
    multipart: { format: 'mot', dry_run: 'false', file: { name: 'mot.txt', mimeType: 'text/csv', buffer: mot } },
  });
  expect(imported.ok()).toBe(true);
  const { track_ids: ids } = await imported.json() as { track_ids: Array<{ track_id: number }> };

  await signIn(page, 'e2e-formats');
  await page.goto(`/videos/${video.id}/annotate`);
  await page.getByTestId('header.export-formats').click();
  const links = { posetrack: 'PoseTrack JSON', mot: 'MOTChallenge CSV', 'cvat-video': 'CVAT for video XML' };
  for (const [format, label] of Object.entries(links)) {
    const link = page.getByTestId(`export.${format}`);
    await expect(link).toHaveText(label);
    const res = await request.get((await link.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    const body = await res.text();
    if (format === 'posetrack') expect((JSON.parse(body).annotations as Array<{ track_id: number }>).map((a) => a.track_id)).toEqual(expect.arrayContaining(ids.map((i) => i.track_id)));
    if (format === 'mot') expect(body.trim().split('\n').filter((l) => ids.some((i) => l.split(',')[1] === String(i.track_id)))).toHaveLength(4);
    if (format === 'cvat-video') expect(body).toContain(`group_id="${ids[0].track_id}"`);
  }
  await page.keyboard.press('Escape');
});
