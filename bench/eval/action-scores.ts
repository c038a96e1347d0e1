// Scores of the action proposals and of boxes on labelled non-people, on clips whose recipe says what each
// actor shows. A proposal is right when its track is mostly the actor (by the boxes matched to them) and
// it overlaps in time an event of its class that actor shows; an event is found when such a proposal does.
import { ACTION_CLASSES, type ActionClass } from '../../domain/constants';
import type { ExpectedAction } from './composite';
import { iou, IOU_THRESHOLD, type Box, type ScoredDetection } from './metrics';

/** The classes reported on every action clip: the alarms a walking person must never raise among them. */
export const ALARM_CLASSES: ActionClass[] = ['run', 'jump', 'fall'];

export interface ClassScore {
  cls: ActionClass;
  shown: number;
  found: number;
  proposals: number;
  right: number;
  precision: number | null;
  recall: number | null;
}
export interface Proposal {
  trackId: number;
  actionClass: ActionClass;
  start: number;
  end: number;
}

/** The labelled person each track mostly matched, or null. */
export function trackPeople(detections: Array<Pick<ScoredDetection, 'trackId' | 'gtId'>>): Map<number, string | null> {
  const votes = new Map<number, Map<string, number>>();
  for (const d of detections) {
    const m = votes.get(d.trackId) ?? new Map<string, number>();
    if (d.gtId) m.set(d.gtId, (m.get(d.gtId) ?? 0) + 1);
    votes.set(d.trackId, m);
  }
  return new Map([...votes].map(([t, m]) => [t, [...m].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null]));
}

const overlaps = (p: Proposal, e: ExpectedAction) => p.start < e.to && e.from < p.end;

/** Precision and recall per class: the alarm classes always, and any other class shown or proposed. */
export function actionScores(
  people: Map<number, string | null>,
  proposals: Proposal[],
  actors: Array<{ id: string; shows: ExpectedAction[] }>,
): ClassScore[] {
  const shows = new Map(actors.map((a) => [a.id, a.shows.filter((s) => s.class)]));
  const classes = ACTION_CLASSES.filter(
    (c) =>
      ALARM_CLASSES.includes(c) ||
      proposals.some((p) => p.actionClass === c) ||
      actors.some((a) => a.shows.some((s) => s.class === c)),
  );
  return classes.map((cls) => {
    const mine = proposals.filter((p) => p.actionClass === cls);
    const right = mine.filter((p) =>
      (shows.get(people.get(p.trackId) ?? '') ?? []).some((e) => e.class === cls && overlaps(p, e)),
    ).length;
    let shown = 0,
      found = 0;
    for (const [id, events] of shows) {
      for (const e of events.filter((x) => x.class === cls)) {
        shown++;
        if (mine.some((p) => people.get(p.trackId) === id && overlaps(p, e))) found++;
      }
    }
    return {
      cls,
      shown,
      found,
      proposals: mine.length,
      right,
      precision: mine.length ? right / mine.length : null,
      recall: shown ? found / shown : null,
    };
  });
}

const f2 = (v: number | null) => (v == null ? '–' : v.toFixed(2));

export function formatActionScores(clip: string, scores: ClassScore[]): string {
  return [
    `${clip}: action proposals per class (precision = right / proposed, recall = found / shown)`,
    ...scores.map(
      (s) =>
        `  ${s.cls.padEnd(7)} precision ${f2(s.precision)} (${s.right}/${s.proposals})  recall ${f2(s.recall)} (${s.found}/${s.shown})`,
    ),
  ].join('\n');
}

/**
 * Predicted boxes on labelled non-people (IoU ≥ 0.5 with the thing's box, and more than with any labelled
 * person of the frame) and the tracks they belong to. A person standing in front of a tall thing (a pedestal
 * table, a sign post) overlaps it at 0.5 or more; their box is on them, not on the thing.
 */
export function boxesOnNonPeople(
  frames: Array<{
    pred: Array<{ trackId: number; box: Box }>;
    objects: Array<{ id: string; box: Box }>;
    gt?: Array<{ box: Box }>;
  }>,
): { boxes: number; tracks: number[] } {
  let boxes = 0;
  const tracks = new Set<number>();
  for (const f of frames) {
    for (const p of f.pred) {
      const onThing = Math.max(0, ...f.objects.map((o) => iou(o.box, p.box)));
      const onPerson = Math.max(0, ...(f.gt ?? []).map((g) => iou(g.box, p.box)));
      if (onThing < IOU_THRESHOLD || onPerson >= onThing) continue;
      boxes++;
      tracks.add(p.trackId);
    }
  }
  return { boxes, tracks: [...tracks].sort((a, b) => a - b) };
}
