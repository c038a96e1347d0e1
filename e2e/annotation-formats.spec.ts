// The Annotate header's "Export as" menu downloads the video's tracks as COCO keypoints and PoseTrack 2018
// JSON, MOTChallenge CSV and CVAT for video XML; a hand-made MOT file imported through the API comes back
// in each format. Its "Import…" dialog previews a CVAT file made by CVAT (keyframes with interpolated
// frames between them) with a dry run, imports it, and the boxes between the keyframes are drawn.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, sampleVideo, signIn, userHeaders } from './fixtures';

test('Export as lists the four interchange formats and each downloads the imported tracks', async ({
  page,
  request,
}) => {
  const video = await sampleVideo(request, 'life_'); // a clip whose tracks no other e2e test reads
  const mot = fs.readFileSync(path.resolve('tests/fixtures/formats/mot.txt')); // the suite runs from the repository root
  const imported = await request.post(`/api/v1/annotations/${video.id}/import`, {
    headers: userHeaders('e2e-formats'),
    multipart: { format: 'mot', dry_run: 'false', file: { name: 'mot.txt', mimeType: 'text/csv', buffer: mot } },
  });
  expect(imported.ok()).toBe(true);
  const { track_ids: ids } = (await imported.json()) as { track_ids: Array<{ track_id: number }> };

  await signIn(page, 'e2e-formats');
  await page.goto(`/videos/${video.id}/annotate`);
  await page.getByTestId('header.export-formats').click();
  const links = {
    'coco-keypoints': 'COCO keypoints JSON',
    posetrack18: 'PoseTrack 2018 JSON',
    mot: 'MOTChallenge CSV',
    'cvat-video': 'CVAT for video XML',
  };
  for (const [format, label] of Object.entries(links)) {
    const link = page.getByTestId(`export.${format}`);
    await expect(link).toHaveText(label);
    const res = await request.get((await link.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    const body = await res.text();
    if (format === 'coco-keypoints' || format === 'posetrack18')
      expect((JSON.parse(body).annotations as Array<{ track_id: number }>).map((a) => a.track_id)).toEqual(
        expect.arrayContaining(ids.map((i) => i.track_id)),
      );
    if (format === 'mot')
      expect(
        body
          .trim()
          .split('\n')
          .filter((l) => ids.some((i) => l.split(',')[1] === String(i.track_id))),
      ).toHaveLength(4);
    if (format === 'cvat-video') expect(body).toContain(`group_id="${ids[0].track_id}"`);
  }
  await page.keyboard.press('Escape');
});

test('Import… previews a CVAT file with a dry run, imports it, and the boxes between its keyframes are drawn', async ({
  page,
  request,
}) => {
  const video = await sampleVideo(request, 'life_');
  await signIn(page, 'e2e-formats');
  await page.goto(`/videos/${video.id}/annotate`);
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);

  await page.getByTestId('header.import').click();
  await page.getByTestId('import.format').selectOption('cvat-video');
  await page
    .getByTestId('import.file')
    .setInputFiles(path.resolve('tests/fixtures/formats/cvat-made-interpolated.xml'));
  await page.getByTestId('import.preview').click();
  // keyframes 0 and 4 with CVAT's interpolated frames 1–3 between them, and the solo track's frames 6 and 7
  await expect(page.getByTestId('import.summary')).toContainText(
    'Will add 2 track(s) with 7 box(es), 2 action(s). Nothing stored is replaced.',
  );
  const applied = page.waitForResponse(
    (r) => r.url().includes(`/annotations/${video.id}/import`) && r.request().method() === 'POST',
  );
  await page.getByTestId('import.apply').click();
  const { track_ids: ids } = (await (await applied).json()) as {
    track_ids: Array<{ file_id: number; track_id: number }>;
  };
  await expect(page.getByTestId('annotate.import-notice')).toContainText('Added 2 track(s) with 7 box(es)');
  const person = ids.find((t) => t.file_id === 4)!.track_id;

  // frames 1–3 were keyframe="0" in the file: stored as CVAT interpolates them, and drawn
  const mot = await (await request.get(`/api/v1/annotations/${video.id}/export?format=mot`)).text();
  const frames = mot
    .trim()
    .split('\n')
    .map((l) => l.split(','))
    .filter((c) => c[1] === String(person))
    .map((c) => Number(c[0]) - 1);
  expect(frames).toEqual([0, 1, 2, 3, 4]);
  for (const frame of [1, 2, 3]) {
    await page.evaluate((f) => window.__vat!.seekFrame!(f), frame);
    await expect
      .poll(() => page.evaluate(() => window.__vat!.overlay()))
      .toMatchObject({ frame, trackIds: expect.arrayContaining([person]) });
  }
});
