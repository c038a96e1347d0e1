// Review issues survive a reprocess. The AI's tracks are replaced and numbered anew, so an issue about
// "T7" would otherwise point at whoever gets that number next: each issue on a track moves to the new track
// that best covers its old track's boxes over the issue's frames (a second either side, the rule the kept
// human boxes and segments follow), stays on its track when that track is one a person kept, and else
// loses the number and keeps its name as text (track_label), so nothing the reviewer said is lost.
import type { Tx } from '../../db/connect';
import { selectTrackBoxes } from '../../repositories/relink';
import { issuesOnTracks, setIssueTrack, type IssueRow } from '../../repositories/review-issues';
import { trackExists } from '../../repositories/detections';
import { bestMatchingTrack, boxesByTrack, MIN_RELINK_IOU, type FramedBox } from '../../processing/track-match';
import { oneLine } from '../../../domain/review-issues';

export interface IssueTracksBefore {
  issues: IssueRow[];
  oldBoxes: Map<number, FramedBox[]>;
}

/** The issues on tracks and those tracks' boxes; read before the AI rows are deleted. */
export async function readIssueTracks(tx: Tx, videoId: number): Promise<IssueTracksBefore> {
  const issues = await issuesOnTracks(tx, videoId);
  const tracks = [...new Set(issues.map((i) => i.trackId!))];
  return { issues, oldBoxes: boxesByTrack(await selectTrackBoxes(tx, videoId, tracks)) };
}

/**
 * Moves each issue to its track's successor (call it once the new rows are in); `highestKeptTrack` is the
 * highest id a person's rows kept (new AI tracks are numbered above it). Returns one log line per issue.
 */
export async function relinkIssues(
  tx: Tx,
  videoId: number,
  before: IssueTracksBefore,
  newTracks: Map<number, FramedBox[]>,
  o: { fps: number; maxGap: number; highestKeptTrack: number },
): Promise<string[]> {
  const lines: string[] = [];
  const second = Math.round(o.fps);
  for (const issue of before.issues) {
    const old = issue.trackId!;
    const m = bestMatchingTrack(
      before.oldBoxes.get(old) ?? [],
      newTracks,
      issue.frame - second,
      (issue.toFrame ?? issue.frame) + second,
      o.maxGap,
    );
    const what = `issue #${issue.id} (${oneLine(issue.trackLabel ?? `T${old}`)})`;
    if (m && m.iou >= MIN_RELINK_IOU) {
      if (m.trackId !== old) await setIssueTrack(tx, issue.id, m.trackId);
      lines.push(`${what} re-linked from track ${old} to track ${m.trackId}, IoU ${m.iou.toFixed(2)}`);
    } else if (old <= o.highestKeptTrack && (await trackExists(tx, videoId, old))) {
      lines.push(`${what} stays on track ${old}, which a person's edits kept`);
    } else {
      await setIssueTrack(tx, issue.id, null);
      lines.push(`${what}: track ${old} is gone after reprocessing (no new track matches); its name is kept as text`);
    }
  }
  return lines;
}
