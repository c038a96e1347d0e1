// The eval's report of action proposals per class and of boxes on labelled non-people.
import { describe, expect, it } from 'vitest';
import { actionScores, boxesOnNonPeople, formatActionScores, trackPeople } from '../../bench/eval/action-scores';
import { formatTable } from '../../bench/eval/report';
import type { ClipResult } from '../../bench/eval/run-eval';

const actors = [
  {
    id: '0:jumper',
    shows: [
      { action: 'jump', from: 1.5, to: 2, class: 'jump' as const },
      { action: 'jump', from: 3.5, to: 4, class: 'jump' as const },
    ],
  },
  { id: '1:walker', shows: [{ action: 'walk (no class)', from: 0, to: 6 }] },
];
// track 1 is mostly the jumper, track 2 the walker, track 3 nobody
const people = trackPeople([
  { trackId: 1, gtId: '0:jumper' },
  { trackId: 1, gtId: '0:jumper' },
  { trackId: 1, gtId: '1:walker' },
  { trackId: 2, gtId: '1:walker' },
  { trackId: 3, gtId: null },
]);

describe('action proposals per class', () => {
  it('names each track after the person it mostly matched', () => {
    expect([...people]).toEqual([
      [1, '0:jumper'],
      [2, '1:walker'],
      [3, null],
    ]);
  });

  it('counts a proposal right only on the actor that shows its class at that time', () => {
    const scores = actionScores(
      people,
      [
        { trackId: 1, actionClass: 'jump', start: 1.6, end: 2.1 }, // right
        { trackId: 1, actionClass: 'jump', start: 2.5, end: 3 }, // the jumper, but between the jumps
        { trackId: 2, actionClass: 'jump', start: 1.6, end: 2 }, // the walker at the jumper's time
        { trackId: 2, actionClass: 'sit', start: 0, end: 1 },
        { trackId: 1, actionClass: 'fall', start: 3.6, end: 3.9 }, // the jumper while jumping: not a fall
      ],
      actors,
    );
    const jump = scores.find((s) => s.cls === 'jump')!;
    expect(jump).toEqual({ cls: 'jump', shown: 2, found: 1, proposals: 3, right: 1, precision: 1 / 3, recall: 0.5 });
    expect(scores.find((s) => s.cls === 'sit')).toMatchObject({ proposals: 1, right: 0, precision: 0, recall: null });
    expect(scores.find((s) => s.cls === 'fall')).toMatchObject({ proposals: 1, right: 0, precision: 0, recall: null });
    // run and fall are always reported: a clip where nobody runs or falls must show none proposed
    expect(scores.find((s) => s.cls === 'run')).toEqual({
      cls: 'run',
      shown: 0,
      found: 0,
      proposals: 0,
      right: 0,
      precision: null,
      recall: null,
    });
    expect(scores.map((s) => s.cls)).toEqual(['run', 'fall', 'sit', 'jump']);
  });

  it('prints one line per class with the counts behind precision and recall', () => {
    const text = formatActionScores(
      'walkers',
      actionScores(people, [{ trackId: 2, actionClass: 'jump', start: 1, end: 2 }], actors),
    );
    expect(text.split('\n')[0]).toBe(
      'walkers: action proposals per class (precision = right / proposed, recall = found / shown)',
    );
    expect(text).toContain('  jump    precision 0.00 (0/1)  recall 0.00 (0/2)');
    expect(text).toContain('  run     precision – (0/0)  recall – (0/0)');
  });
});

describe('boxes on labelled non-people', () => {
  it('counts boxes overlapping a thing at IoU ≥ 0.5 and the tracks they make', () => {
    const rock = { id: '0:rock', box: { x1: 0, y1: 0, x2: 100, y2: 100 } };
    const r = boxesOnNonPeople([
      {
        objects: [rock],
        pred: [
          { trackId: 4, box: { x1: 5, y1: 5, x2: 100, y2: 100 } },
          { trackId: 1, box: { x1: 300, y1: 0, x2: 400, y2: 100 } },
        ],
      },
      {
        objects: [rock],
        pred: [
          { trackId: 4, box: { x1: 0, y1: 0, x2: 100, y2: 100 } },
          { trackId: 2, box: { x1: 60, y1: 0, x2: 160, y2: 100 } },
        ],
      },
    ]);
    expect(r).toEqual({ boxes: 2, tracks: [4] });
  });

  it('does not count the box of a person standing in front of a tall thing, which overlaps it at 0.5 or more', () => {
    // a pedestal table and a person standing at it: the person's box overlaps the table's at 0.63
    const table = { id: 'thing 1', box: { x1: 384, y1: 80, x2: 522, y2: 332 } };
    const person = { box: { x1: 384, y1: 14, x2: 512, y2: 396 } };
    const r = boxesOnNonPeople([
      { objects: [table], gt: [person], pred: [{ trackId: 1, box: { x1: 386, y1: 16, x2: 510, y2: 394 } }] },
      // the same box with nobody there, and a box on the table itself beside the person, still count
      { objects: [table], gt: [], pred: [{ trackId: 1, box: { x1: 386, y1: 16, x2: 510, y2: 394 } }] },
      { objects: [table], gt: [person], pred: [{ trackId: 2, box: { x1: 390, y1: 82, x2: 520, y2: 330 } }] },
    ]);
    expect(r).toEqual({ boxes: 2, tracks: [1, 2] });
  });

  it('shows them in the table, and a dash on clips without labelled non-people', () => {
    const metrics = {
      recall: 1,
      precision: 0.5,
      mota: 0.5,
      idf1: 1,
      oks: null,
      pck: null,
      pckh: null,
      tracks: 2,
      people: 1,
      fragments: 1,
      idSwitches: 0,
      meanScoreMatched: 0.9,
      meanScoreUnmatched: 0.6,
    };
    const row = (nonPeople?: ClipResult['nonPeople']) =>
      ({
        name: 'street',
        kind: 'synthetic',
        iou: 0.5,
        frames: 10,
        realTime: 1,
        metrics,
        ...(nonPeople ? { nonPeople } : {}),
      }) as unknown as ClipResult;
    const table = formatTable([row({ boxes: 10, tracks: [2] }), row()]).split('\n');
    expect(table[0]).toMatch(/\| on non-people \| +×RT \|$/);
    expect(table[2]).toMatch(/\| +10\/1 \| +1\.00 \|$/);
    expect(table[3]).toMatch(/\| +– \| +1\.00 \|$/);
  });
});
