// Hidden joints end to end: a joint of an imported person is marked occluded with the O key in edit mode,
// drawn hollow, still occluded after a reload, and the PoseTrack 2018 export writes it with v = 1.
import { test, expect, sampleVideo, signIn, userHeaders } from './fixtures';
import { COCO_KEYPOINTS } from '../domain/constants';

const LEFT_SHOULDER = 5;

test('mark a joint occluded: drawn hollow, kept after a reload, exported as v = 1', async ({ page, request }) => {
  const video = await sampleVideo(request, 'mandelbrot_'); // a clip whose tracks no other e2e test reads
  const { width: w, height: h } = video;
  // one person on frames 0–59: a box in the middle, 17 visible joints on a vertical line through it
  const images = Array.from({ length: 60 }, (_, f) => ({
    id: f + 1,
    file_name: `m/${String(f).padStart(6, '0')}.jpg`,
    width: w,
    height: h,
  }));
  const annotations = images.map((img) => ({
    id: img.id,
    image_id: img.id,
    category_id: 1,
    track_id: 1,
    bbox: [0.4 * w, 0.2 * h, 0.2 * w, 0.6 * h],
    area: 0.12 * w * h,
    iscrowd: 0,
    num_keypoints: 17,
    keypoints: COCO_KEYPOINTS.flatMap((_, i) => [0.5 * w, (0.2 + ((i + 1) * 0.6) / 18) * h, 2]),
  }));
  const coco = JSON.stringify({
    images,
    annotations,
    categories: [{ id: 1, name: 'person', keypoints: [...COCO_KEYPOINTS] }],
  });
  const imported = await request.post(`/api/v1/annotations/${video.id}/import`, {
    headers: userHeaders('e2e-joints'),
    multipart: {
      format: 'coco-keypoints',
      dry_run: 'false',
      confirm: 'true',
      file: { name: 'person.json', mimeType: 'application/json', buffer: Buffer.from(coco) },
    },
  });
  expect(imported.ok()).toBe(true);
  const track = ((await imported.json()) as { track_ids: Array<{ track_id: number }> }).track_ids[0].track_id;

  await signIn(page, 'e2e-joints');
  await page.goto(`/videos/${video.id}/annotate`);
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(() => window.__vat!.overlay()))
    .toMatchObject({ frame: 0, trackIds: expect.arrayContaining([track]) });
  const hollowBefore = await page.evaluate(() => window.__vat!.overlay().hollow);
  await page.getByTestId('controls.mode-edit').click();
  await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');

  // select the person (box centre), then its left shoulder
  const box = (await page.evaluate((t) => window.__vatEdit!.boxOnScreen(t), track))!;
  await page.mouse.click((box.x1 + box.x2) / 2, (box.y1 + box.y2) / 2);
  const joint = (await page.evaluate((t) => window.__vatEdit!.keypointOnScreen(t, 5), track))!;
  await page.mouse.click(joint.x, joint.y);
  await expect(page.getByTestId('joints.select')).toHaveValue(String(LEFT_SHOULDER));
  await expect(page.getByTestId('joints.set-visible')).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('j');
  await expect(page.getByTestId('joints.set-occluded')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => window.__vat!.overlay().hollow)).toBe(hollowBefore + 1);
  await expect.poll(() => page.evaluate(() => window.__vatEdit?.pending() ?? -1)).toBe(0);
  const set = (await (await request.get(`/api/v1/annotations/${video.id}`)).json()) as {
    person_tracks: Array<{
      track_id: number;
      detections: Array<{ frame: number; keypoint_visibility: number[] | null }>;
    }>;
  };
  const stored = set.person_tracks.find((t) => t.track_id === track)!.detections.find((d) => d.frame === 0)!;
  expect(stored.keypoint_visibility).toEqual(COCO_KEYPOINTS.map((_, i) => (i === LEFT_SHOULDER ? 1 : 2)));

  await page.reload();
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(() => window.__vat!.overlay()))
    .toMatchObject({ frame: 0, hollow: hollowBefore + 1, trackIds: expect.arrayContaining([track]) });

  const pt = (await (await request.get(`/api/v1/annotations/${video.id}/export?format=posetrack18`)).json()) as {
    categories: Array<{ keypoints: string[] }>;
    annotations: Array<{ track_id: number; image_id: number; keypoints: number[] }>;
  };
  const slot = pt.categories[0].keypoints.indexOf(COCO_KEYPOINTS[LEFT_SHOULDER]);
  const first = pt.annotations.find((a) => a.track_id === track && a.image_id % 1e4 === 0)!;
  expect(first.keypoints[slot * 3 + 2]).toBe(1);
  const other = pt.categories[0].keypoints.indexOf(COCO_KEYPOINTS[6]);
  expect(first.keypoints[other * 3 + 2]).toBe(2);
});
