// Calls and reads shared by the correction-call API tests (tests/api/track-*.test.ts).
import { decodeDetectionWindow } from '../../domain/detection-window';
import { as, type TestApp } from './test-app';

export function trackCalls(t: TestApp, user = 'ann.one') {
  const headers = as(user);
  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    h: Record<string, string> = headers,
  ) => t.app.inject({ method, url: `/api/v1/annotations/${url}`, headers: h, ...(payload ? { payload } : {}) });
  return {
    call,
    /** The stored rows of a track, by frame. */
    rows: async (videoId: number, track: number) =>
      (
        await t.database.sql.query<{
          frame: number;
          x1: number;
          y1: number;
          x2: number;
          y2: number;
          source: string;
          version: number;
          updated_by_id: string | null;
          keypoints: number[] | null;
          keypoint_visibility: number[] | null;
        }>(
          'select frame, x1, y1, x2, y2, source, version, updated_by_id, keypoints, keypoint_visibility from detections where video_id = $1 and track_id = $2 order by frame',
          [videoId, track],
        )
      ).rows,
    /** The track versions of the summary, by track id. */
    versions: async (videoId: number): Promise<Record<number, number>> => {
      const body = (await t.app.inject({ url: `/api/v1/annotations/${videoId}/summary` })).json() as {
        tracks: Array<{ track_id: number; version: number }>;
      };
      return Object.fromEntries(body.tracks.map((x) => [x.track_id, x.version]));
    },
    summaryTag: async (videoId: number) =>
      (await t.app.inject({ url: `/api/v1/annotations/${videoId}/summary` })).headers.etag as string,
    window: async (videoId: number, from: number, to: number) => {
      const bytes = (await t.app.inject({ url: `/api/v1/annotations/${videoId}/detections?from=${from}&to=${to}` }))
        .rawPayload;
      return decodeDetectionWindow(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
    },
    /** Rows without their versions: what an undo must put back exactly (versions only rise). */
    boxes: async (videoId: number, track: number) =>
      (
        await t.database.sql.query<{ frame: number }>(
          'select frame, x1, y1, x2, y2, confidence, keypoints, keypoint_visibility, source, updated_by_id, updated_at, ai_box from detections where video_id = $1 and track_id = $2 order by frame',
          [videoId, track],
        )
      ).rows,
    restore: (videoId: number, token: number) => call('POST', `${videoId}/tracks/restore`, { undo_token: token }),
  };
}
