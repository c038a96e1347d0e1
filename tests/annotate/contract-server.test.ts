// The TestEditor's fake server holds the editor's calls to the published contract.
import { describe, expect, test } from 'vitest';
import { serveOne, takeMismatches } from './contract-server';
import { mergeTracks, putTrackVerified } from '../../src/api/annotation-edits';
import { splitTrack } from '../../src/api/track-corrections';

describe('the fake server of the TestEditor', () => {
  test('answers a call whose request and answer follow the contract', async () => {
    const r = await serveOne(
      () => putTrackVerified(7, 2, false),
      () => ({ track_id: 2, verified: null }),
    );
    expect(r).toEqual({ track_id: 2, verified: null });
    expect(takeMismatches()).toEqual([]);
  });

  test('refuses an answer that misses a field or names one the contract does not', async () => {
    await expect(
      serveOne(
        () => mergeTracks(7, 1, 2),
        () => ({ base_track_id: 1, merge_track_id: 2, undo_token: 3 }),
      ),
    ).rejects.toThrow(/answer/);
    await expect(
      serveOne(
        () => splitTrack(7, 1, 10, 2),
        () => ({ new_track_id: 5, track_version: 3, new_track_version: 1, undo_token: 4, extra: 1 }),
      ),
    ).rejects.toThrow(/does not name: \.extra/);
    expect(takeMismatches()).toHaveLength(2);
  });

  test('refuses a request body the contract does not take', async () => {
    await expect(
      serveOne(
        () => splitTrack(7, 1, -1, 2),
        () => ({ new_track_id: 5, track_version: 3, new_track_version: 1, undo_token: 4 }),
      ),
    ).rejects.toThrow(/body: frame/);
    expect(takeMismatches()).toHaveLength(1);
  });
});
