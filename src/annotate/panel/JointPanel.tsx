// The data panel's joints of the selected track at the playhead (edit mode): the selected joint with
// Visible / Occluded / Absent (the J key cycles the same), and 'Missing joints', the absent ones, each
// with 'Place' (at the box centre, visible). Every button is the keypoint.visibility command: undo, redo
// and the save with its version as any edit.
import { COCO_KEYPOINTS } from '../../../domain/constants';
import { jointVisibility, type JointVisibility } from '../../../domain/overlay/detection';
import { Button } from '../../components/ui/Button';
import { jointVisibilityArgs } from '../commands/keypoint-visibility';
import { useDoc, useEditor, useUi } from '../editor/editor-context';
import { shownAt } from '../document/interpolate';

const jointName = (i: number) => COCO_KEYPOINTS[i].replace('_', ' ');
const STATES: ReadonlyArray<{ v: JointVisibility; label: string; id: string }> = [
  { v: 2, label: 'Visible', id: 'visible' },
  { v: 1, label: 'Occluded', id: 'occluded' },
  { v: 0, label: 'Absent', id: 'absent' },
];

export function JointPanel() {
  const editor = useEditor();
  const trackId = useUi((s) => s.selectedTrackId);
  const joint = useUi((s) => s.selectedKeypoint);
  const frame = useUi((s) => s.frame);
  const interpolation = useUi((s) => s.interpolation);
  const detections = useDoc((d) => d?.detections);
  const stride = useDoc((d) => d?.info.frame_stride ?? 1);
  if (trackId === null || !detections) return null;
  const shown = shownAt({ detections, info: { frame_stride: stride } }, { interpolation }, frame)(trackId);
  if (!shown?.keypoints) return null;
  const vis = Array.from({ length: 17 }, (_, j) => jointVisibility(shown, j));
  const missing = vis.flatMap((v, j) => (v === 0 ? [j] : []));
  const set = (index: number, v: JointVisibility, place = false) => {
    editor.perform('keypoint.visibility', jointVisibilityArgs(trackId, frame, shown, index, v, place));
  };

  return (
    <div
      data-testid="joints.root"
      className="border-b border-slate-200 px-3 py-1.5 text-sm [&_button]:!px-2 [&_button]:!py-0.5 [&_button]:!text-xs"
    >
      <p
        className="text-xs text-slate-500"
        title="Occluded joints are drawn hollow and absent ones are not drawn (exported as v 1 and 0)."
      >
        Joints of track {trackId}: click or right-click a joint to select it; J cycles it.
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          Joint
          <select
            data-testid="joints.select"
            value={joint ?? ''}
            className="rounded border border-slate-300 px-1"
            onChange={(e) =>
              editor.updateUi({ selectedKeypoint: e.target.value === '' ? null : Number(e.target.value) })
            }
          >
            <option value="">—</option>
            {COCO_KEYPOINTS.map((_, i) => (
              <option key={i} value={i}>
                {jointName(i)}
              </option>
            ))}
          </select>
        </label>
        {joint !== null &&
          STATES.map((s) => (
            <Button
              key={s.id}
              data-testid={`joints.set-${s.id}`}
              aria-pressed={vis[joint] === s.v}
              disabled={vis[joint] === s.v}
              onClick={() => set(joint, s.v)}
            >
              {s.label}
            </Button>
          ))}
      </div>
      {missing.length > 0 && (
        <div className="mt-1">
          <span className="text-xs font-semibold text-slate-600">Missing joints</span>
          <ul data-testid="joints.missing" className="flex flex-wrap gap-1">
            {missing.map((j) => (
              <li key={j} className="flex items-center gap-1 rounded border border-slate-200 px-1">
                {jointName(j)}
                <Button
                  data-testid={`joints.place-${j}`}
                  onClick={() => {
                    set(j, 2, true);
                    editor.updateUi({ selectedKeypoint: j });
                  }}
                >
                  Place
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
