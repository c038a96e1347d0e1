// What the Annotate e2e specs seed and read back: known AI tracks written straight into a seeded server's
// database, and the annotation set as the API answers it.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Database } from '../server/db/connect';
import type { AnnotationSet } from '../domain/types';
import type { SeededServer } from './annotate-seeded-server';

export type Box = [number, number, number, number];

/**
 * One track's AI boxes at `box` on frames `from`..`to`. With `skeleton`, 17 keypoints (score 0.9) on a
 * vertical line through the box centre, so a box and its joints are told apart on screen.
 */
export async function seedTrack(
  database: Database,
  videoId: number,
  track: number,
  box: Box,
  from: number,
  to: number,
  skeleton = true,
): Promise<void> {
  const [x1, y1, x2, y2] = box;
  const keypoints = skeleton
    ? `(select array_agg(v order by i, j) from generate_series(0, 16) as i,
         lateral unnest(array[($3::float8 + $5::float8) / 2, $4::float8 + (i + 1) * ($6::float8 - $4::float8) / 18, 0.9])
         with ordinality as u(v, j))::real[]`
    : 'null';
  await database.sql.query(
    `
    insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence, keypoints, source)
    select $1::int, $2::int, f, $3::real, $4::real, $5::real, $6::real, 0.9, ${keypoints}, 'ai'
    from generate_series($7::int, $8::int) as f`,
    [videoId, track, x1, y1, x2, y2, from, to],
  );
}

/** The video's annotation set as a signed-in page reads it from the seeded server. */
export async function readAnnotationSet(page: Page, server: SeededServer, videoId: number): Promise<AnnotationSet> {
  const res = await page.request.get(`${server.baseURL}/api/v1/annotations/${videoId}`);
  expect(res.ok()).toBeTruthy();
  return res.json();
}
