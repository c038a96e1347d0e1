// CVAT for video 1.1 XML (interpolation mode), as CVAT's importer (`load_anno`) reads it. Each person is
// two tracks sharing the person's id as group_id: a `person` rectangle track of <box> shapes and, when it
// has keypoints, a `pose` skeleton track whose <skeleton> shapes hold 17 <points> elements named after the
// COCO keypoints.
// - CVAT keeps only keyframe="1" shapes of a track and interpolates the frames between them itself, so
//   every stored box and skeleton, the AI's too, is written as a keyframe, and CVAT fills in the frames
//   the editor fills in (domain/overlay/detection.ts's trackBoxAt): linearly between two keyframes, and
//   before an outside keyframe towards its box, which is the box before (held). With interpolation off in
//   the render settings the editor holds the box before instead, which CVAT cannot: then every drawn frame
//   is written as a keyframe (drawn-frames.ts).
// - A track that disappears for longer than the analysis stride gets an outside="1" keyframe on the frame
//   after its last one, as CVAT ends a track; so does a track that ends before the video does, so CVAT
//   draws it up to its last frame only. A stored outside keyframe is written where it is. Gaps up to the
//   stride stay open: CVAT fills them by interpolation as the app does.
// - Actions are the `action` attribute of `person`: a mutable select declared in <meta>, written on each
//   box as the action of that frame ("none" when there is none), so CVAT shows it frame by frame. CVAT
//   holds an attribute from one keyframe to the next, so reading turns those runs back into segments
//   from a keyframe's frame to the next's. An action on frames where the person has no box cannot be
//   carried: CVAT has no shape there to hold it.
// - Joints: each skeleton point carries its own outside and occluded flags, which CVAT's importer reads
//   per element. An absent joint (stored visibility 0, or no keypoint) is outside="1", an occluded one
//   (stored visibility 1) occluded="1"; a row that stores no visibility marks a score below VISIBLE_SCORE
//   occluded.
import { ACTION_CLASSES, COCO_KEYPOINTS } from '../constants';
import {
  VISIBLE_SCORE,
  frameCount,
  keypointPixels,
  ordered,
  px,
  type FormatDetection,
  type FormatSegment,
  type FormatTrack,
  type FormatVideo,
} from './model';
import { drawnTracks } from './drawn-frames';

const esc = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const flag = (b: boolean) => (b ? '1' : '0');
/** The value of the action attribute on frames without an action. */
export const NO_ACTION = 'none';

function labels(actions: string[]): string {
  const points = COCO_KEYPOINTS.map(
    (k) =>
      `        <label>\n          <name>${k}</name>\n          <type>points</type>\n          <attributes></attributes>\n          <parent>pose</parent>\n        </label>`,
  );
  const action = [
    '            <attribute>',
    '              <name>action</name>',
    '              <mutable>True</mutable>',
    '              <input_type>select</input_type>',
    `              <default_value>${NO_ACTION}</default_value>`,
    `              <values>${[NO_ACTION, ...actions].map(esc).join('\n')}</values>`,
    '            </attribute>',
  ].join('\n');
  return [
    `        <label>\n          <name>person</name>\n          <type>rectangle</type>\n          <attributes>\n${action}\n          </attributes>\n        </label>`,
    '        <label>\n          <name>pose</name>\n          <type>skeleton</type>\n          <attributes></attributes>\n        </label>',
    ...points,
  ].join('\n');
}

/** The frames of a track where it is seen, each followed by an `outside` frame when the track ends or pauses. */
function shapeFrames(
  t: FormatTrack,
  stride: number,
  n: number,
): Array<{ d: FormatDetection; outside: boolean; frame: number }> {
  const out: Array<{ d: FormatDetection; outside: boolean; frame: number }> = [];
  t.detections.forEach((d, i) => {
    out.push({ d, outside: false, frame: d.frame });
    const next = t.detections[i + 1];
    const gone = next ? next.frame - d.frame > stride : d.frame + 1 < n;
    // a stored outside keyframe says exactly where the person left
    const left = t.outsideFrames?.find((o) => o > d.frame && (!next || o <= next.frame));
    if (left !== undefined) out.push({ d, outside: true, frame: left });
    else if (gone) out.push({ d, outside: true, frame: d.frame + 1 });
  });
  return out;
}

/** The action at a time: of the segments covering it, the one that started last. */
function actionAt(segments: FormatSegment[], t: number): string {
  let best: FormatSegment | null = null;
  for (const s of segments) if (s.startTime <= t && t < s.endTime && (!best || s.startTime >= best.startTime)) best = s;
  return best ? best.actionClass : NO_ACTION;
}

export function encodeCvatVideo(video: FormatVideo, tracks: FormatTrack[]): string {
  const n = frameCount(video, tracks);
  const stride = Math.max(1, video.frameStride);
  const fps = video.fps > 0 ? video.fps : 30;
  const used = tracks.flatMap((t) => (t.segments ?? []).map((s) => s.actionClass));
  const actions = [...new Set<string>([...ACTION_CLASSES, ...used])].filter((a) => a !== NO_ACTION);
  const lines: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<annotations>',
    '  <version>1.1</version>',
    '  <meta>',
    '    <task>',
    `      <id>${video.id}</id>`,
    `      <name>${esc(video.filename)}</name>`,
    `      <size>${n}</size>`,
    '      <mode>interpolation</mode>',
    '      <overlap>0</overlap>',
    '      <start_frame>0</start_frame>',
    `      <stop_frame>${n > 0 ? n - 1 : 0}</stop_frame>`,
    '      <labels>',
    labels(actions),
    '      </labels>',
    `      <original_size>\n        <width>${video.width}</width>\n        <height>${video.height}</height>\n      </original_size>`,
    '    </task>',
    '  </meta>',
  ];
  let id = 0;
  // CVAT interpolates between keyframes; a held frame must be a keyframe of its own
  const written = video.interpolate === false ? drawnTracks(video, tracks) : tracks;
  for (const t of ordered(written)) {
    const source = t.detections.some((d) => d.human) ? 'manual' : 'auto';
    const shapes = shapeFrames(t, stride, n);
    lines.push(`  <track id="${id++}" label="person" source="${source}" group_id="${t.trackId}">`);
    for (const { d, outside, frame } of shapes) {
      lines.push(
        `    <box frame="${frame}" keyframe="1" outside="${flag(outside)}" occluded="0" xtl="${px(d.x1 * video.width)}" ytl="${px(d.y1 * video.height)}" xbr="${px(d.x2 * video.width)}" ybr="${px(d.y2 * video.height)}" z_order="0">`,
        `      <attribute name="action">${esc(actionAt(t.segments ?? [], frame / fps))}</attribute>`,
        '    </box>',
      );
    }
    lines.push('  </track>');
    if (!t.detections.some((d) => d.keypoints)) continue;
    lines.push(`  <track id="${id++}" label="pose" source="${source}" group_id="${t.trackId}">`);
    for (const { d, outside, frame } of shapes) {
      const kps = d.keypoints ? keypointPixels(video, d.keypoints) : Array<null>(17).fill(null);
      lines.push(
        `    <skeleton frame="${frame}" keyframe="1" outside="${flag(outside || !d.keypoints)}" occluded="0" z_order="0">`,
      );
      const vis = d.visibility?.length === 17 ? d.visibility : null;
      kps.forEach((k, i) => {
        // CVAT interpolates each point as a track of its own: a point must end where its skeleton does
        const gone = outside || !k || vis?.[i] === 0;
        const hidden = !gone && (vis ? vis[i] === 1 : k![2] < VISIBLE_SCORE);
        lines.push(
          `      <points label="${COCO_KEYPOINTS[i]}" keyframe="1" outside="${flag(gone)}" occluded="${flag(hidden)}" points="${k && vis?.[i] !== 0 ? `${k[0]},${k[1]}` : '0,0'}">`,
          '      </points>',
        );
      });
      lines.push('    </skeleton>');
    }
    lines.push('  </track>');
  }
  lines.push('</annotations>');
  return `${lines.join('\n')}\n`;
}
