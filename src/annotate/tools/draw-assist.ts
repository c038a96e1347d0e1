// After a box is drawn: the pose assist (POST …/assist/pose) fills its 17 points. The box shows at once
// without a skeleton; the skeleton joins the same history entry when the answer comes, so one undo takes
// back both. When another edit came meanwhile, or the assist fails, the box simply stays without one.
import type { EditorCore } from '../editor/editor-core';
import { KEYPOINT_FLOATS } from '../document/types';
import type { FrameBox } from '../../api/track-corrections';

export async function fillDrawnSkeleton(
  editor: EditorCore,
  a: { trackId: number; frame: number; box: FrameBox },
): Promise<boolean> {
  const doc = editor.getDoc();
  const assist = editor.deps.api.assistPose;
  if (!doc || !assist) return false;
  try {
    const r = await assist(doc.videoId, a.frame, a.box);
    if (!Array.isArray(r.keypoints) || r.keypoints.length !== 17) return false;
    const keypoints = new Float32Array(KEYPOINT_FLOATS);
    r.keypoints.forEach((k, i) => {
      keypoints[i * 3] = k[0];
      keypoints[i * 3 + 1] = k[1];
      keypoints[i * 3 + 2] = k[2] ?? 1;
    });
    // only while the draw is still the newest edit (a second box drawn meanwhile keeps its own entry)
    const isThisDraw = (e: { name: string; args: unknown }) => {
      const d = e.args as { trackId?: number; frame?: number; box?: unknown };
      return e.name === 'box.draw' && d.trackId === a.trackId && d.frame === a.frame && d.box === a.box;
    };
    return editor.history.amend(isThisDraw, 'keypoints.assist', { trackId: a.trackId, frame: a.frame, keypoints });
  } catch (e) {
    editor.notify(
      'warning',
      `No skeleton for the drawn box: ${e instanceof Error ? e.message : 'the pose assist failed'}`,
    );
    return false;
  }
}
