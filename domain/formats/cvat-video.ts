// CVAT for video 1.1 XML (interpolation mode). Each person is two tracks: a `person` rectangle track of
// <box> shapes and, when it has keypoints, a `pose` skeleton track whose <skeleton> shapes hold 17
// <points> sub-shapes named after the COCO keypoints. Both tracks carry the person's id as group_id.
// Every stored detection is a shape; keyframe="1" marks a human-made one (the AI's are keyframe="0").
// A track that disappears for longer than the analysis stride gets a shape with outside="1" on the frame
// after its last one, as CVAT ends a track; a keypoint that is absent is outside, a hidden one occluded.
import { XMLParser } from 'fast-xml-parser';
import { COCO_KEYPOINTS } from '../constants';
import {
  FormatError, IMPORTED_HIDDEN_SCORE, IMPORTED_VISIBLE_SCORE, TrackCollector, VISIBLE_SCORE, boxOfKeypoints, frameCount, keypointPixels,
  ordered, px, type DecodedFile, type FormatDetection, type FormatTrack, type FormatVideo,
} from './model';
import { largest } from './import-limits';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const flag = (b: boolean) => (b ? '1' : '0');

function labels(): string {
  const points = COCO_KEYPOINTS.map((k) => `        <label>\n          <name>${k}</name>\n          <type>points</type>\n          <attributes></attributes>\n          <parent>pose</parent>\n        </label>`);
  return [
    '        <label>\n          <name>person</name>\n          <type>rectangle</type>\n          <attributes></attributes>\n        </label>',
    '        <label>\n          <name>pose</name>\n          <type>skeleton</type>\n          <attributes></attributes>\n        </label>',
    ...points,
  ].join('\n');
}

/** The frames of a track where it is seen, each followed by an `outside` frame when the track ends or pauses. */
function shapeFrames(t: FormatTrack, stride: number, n: number): Array<{ d: FormatDetection; outside: boolean; frame: number }> {
  const out: Array<{ d: FormatDetection; outside: boolean; frame: number }> = [];
  t.detections.forEach((d, i) => {
    out.push({ d, outside: false, frame: d.frame });
    const next = t.detections[i + 1];
    const gone = next ? next.frame - d.frame > stride : d.frame + 1 < n;
    if (gone) out.push({ d, outside: true, frame: d.frame + 1 });
  });
  return out;
}

export function encodeCvatVideo(video: FormatVideo, tracks: FormatTrack[]): string {
  const n = frameCount(video, tracks);
  const stride = Math.max(1, video.frameStride);
  const lines: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>', '<annotations>', '  <version>1.1</version>', '  <meta>', '    <task>',
    `      <id>${video.id}</id>`, `      <name>${esc(video.filename)}</name>`, `      <size>${n}</size>`, '      <mode>interpolation</mode>',
    '      <overlap>0</overlap>', '      <start_frame>0</start_frame>', `      <stop_frame>${Math.max(0, n - 1)}</stop_frame>`,
    '      <labels>', labels(), '      </labels>',
    `      <original_size>\n        <width>${video.width}</width>\n        <height>${video.height}</height>\n      </original_size>`,
    '    </task>', '  </meta>',
  ];
  let id = 0;
  for (const t of ordered(tracks)) {
    const source = t.detections.some((d) => d.human) ? 'manual' : 'auto';
    const shapes = shapeFrames(t, stride, n);
    lines.push(`  <track id="${id++}" label="person" source="${source}" group_id="${t.trackId}">`);
    for (const { d, outside, frame } of shapes) {
      lines.push(`    <box frame="${frame}" keyframe="${flag(d.human || outside)}" outside="${flag(outside)}" occluded="0" xtl="${px(d.x1 * video.width)}" ytl="${px(d.y1 * video.height)}" xbr="${px(d.x2 * video.width)}" ybr="${px(d.y2 * video.height)}" z_order="0">`, '    </box>');
    }
    lines.push('  </track>');
    if (!t.detections.some((d) => d.keypoints)) continue;
    lines.push(`  <track id="${id++}" label="pose" source="${source}" group_id="${t.trackId}">`);
    for (const { d, outside, frame } of shapes) {
      const kps = d.keypoints ? keypointPixels(video, d.keypoints) : Array<null>(17).fill(null);
      lines.push(`    <skeleton frame="${frame}" keyframe="${flag(d.human || outside)}" outside="${flag(outside || !d.keypoints)}" occluded="0" z_order="0">`);
      kps.forEach((k, i) => {
        const hidden = !!k && k[2] < VISIBLE_SCORE;
        lines.push(`      <points label="${COCO_KEYPOINTS[i]}" keyframe="${flag(d.human || outside)}" outside="${flag(!k)}" occluded="${flag(hidden)}" points="${k ? `${k[0]},${k[1]}` : '0,0'}">`, '      </points>');
      });
      lines.push('    </skeleton>');
    }
    lines.push('  </track>');
  }
  lines.push('</annotations>');
  return `${lines.join('\n')}\n`;
}

type Shape = Record<string, string | undefined>;
interface XmlSkeleton { frame?: string; outside?: string; points?: Shape[] }
interface XmlTrack { id?: string; group_id?: string; box?: Shape[]; skeleton?: XmlSkeleton[] }
const num = (v: string | undefined, where: string, name: string): number => {
  const n = Number(v);
  if (v === undefined || v === '' || !Number.isFinite(n)) throw new FormatError(`${where}: ${name} must be a number`);
  return n;
};

export function decodeCvatVideo(text: string, video: FormatVideo): DecodedFile {
  const parser = new XMLParser({
    ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, parseTagValue: false,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['track', 'box', 'skeleton', 'points', 'label'].includes(name),
  });
  let doc: { annotations?: { meta?: { task?: { original_size?: { width?: string; height?: string } } }; track?: XmlTrack[] } };
  // entity declarations could expand without bound; interchange files never need them
  if (/<!DOCTYPE/i.test(text)) throw new FormatError('A CVAT file must not declare a DOCTYPE');
  try { doc = parser.parse(text, true); } catch (e) { throw new FormatError(`Not XML: ${(e as Error).message}`); }
  const root = doc.annotations;
  if (!root || typeof root !== 'object') throw new FormatError('A CVAT file has an <annotations> root');
  const size = root.meta?.task?.original_size;
  const width = size?.width ? num(size.width, '<original_size>', 'width') : video.width;
  const height = size?.height ? num(size.height, '<original_size>', 'height') : video.height;
  const boxes = new TrackCollector();
  const poses = new Map<string, number[]>(); // `${person}:${frame}` → keypoints
  const warnings: string[] = [];
  let beyond = 0;
  let nextFree = 1 + largest((root.track ?? []).map((t) => Number(t.group_id) || 0), 0);
  const personOfGroup = new Map<string, number>();
  for (const [i, t] of (root.track ?? []).entries()) {
    const where = `<track id="${t.id ?? i}">`;
    // tracks of one person share a group_id; a track without one is a person of its own
    const group = t.group_id && Number(t.group_id) > 0 ? t.group_id : `solo-${i}`;
    let person = personOfGroup.get(group);
    if (person === undefined) personOfGroup.set(group, (person = group.startsWith('solo-') ? nextFree++ : Number(group)));
    for (const b of t.box ?? []) {
      const frame = num(b.frame, where, 'frame');
      if (b.outside === '1') continue;
      if (!Number.isInteger(frame) || frame < 0) throw new FormatError(`${where}: frame must be an integer from 0`);
      if (video.totalFrames > 0 && frame >= video.totalFrames) { beyond++; continue; }
      const [x1, y1, x2, y2] = ['xtl', 'ytl', 'xbr', 'ybr'].map((k) => num(b[k], `${where} frame ${frame}`, k));
      if (x2 < x1 || y2 < y1) throw new FormatError(`${where} frame ${frame}: xbr/ybr must not be left of/above xtl/ytl`);
      boxes.add(person, { frame, x1: x1 / width, y1: y1 / height, x2: x2 / width, y2: y2 / height, confidence: 1, keypoints: null, human: true }, where);
    }
    for (const s of t.skeleton ?? []) {
      const frame = num(s.frame, where, 'frame');
      if (s.outside === '1') continue;
      if (!Number.isInteger(frame) || frame < 0) throw new FormatError(`${where}: frame must be an integer from 0`);
      if (video.totalFrames > 0 && frame >= video.totalFrames) { beyond++; continue; }
      const flat = Array<number>(51).fill(NaN);
      for (const p of s.points ?? []) {
        const k = COCO_KEYPOINTS.indexOf(p.label as (typeof COCO_KEYPOINTS)[number]);
        if (k < 0) throw new FormatError(`${where} frame ${frame}: unknown keypoint '${p.label}'`);
        if (p.outside === '1') continue;
        const [x, y] = String(p.points ?? '').split(',').map(Number);
        if (!Number.isFinite(x) || !Number.isFinite(y)) throw new FormatError(`${where} frame ${frame}: points of '${p.label}' must be "x,y"`);
        flat.splice(k * 3, 3, x / width, y / height, p.occluded === '1' ? IMPORTED_HIDDEN_SCORE : IMPORTED_VISIBLE_SCORE);
      }
      if (flat.some(Number.isFinite)) poses.set(`${person}:${frame}`, flat);
    }
  }
  // a pose joins the person's box of its frame; a pose with no box gets the box of its keypoints
  for (const [key, flat] of poses) {
    const [person, frame] = key.split(':').map(Number);
    const d = boxes.get(person, frame);
    if (d) { d.keypoints = flat; continue; }
    const box = boxOfKeypoints(flat)!;
    boxes.add(person, { frame, ...box, confidence: 1, keypoints: flat, human: true }, `pose of person ${person}`);
  }
  if (beyond) warnings.push(`${beyond} shape(s) after the video's last frame were left out`);
  return { tracks: boxes.tracks(), warnings };
}
