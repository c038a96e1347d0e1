// Review issues: what a reviewer pins to a frame range, a track or a region so the annotator knows what is
// wrong and where. The kinds, their labels and the words every side uses for them live here once: the
// server's refusals, the Annotate screen's list and dialog, the library and the queue.

export const ISSUE_KINDS = [
  'missed_person',
  'false_person',
  'wrong_box',
  'wrong_joints',
  'identity_switch',
  'wrong_action',
  'other',
] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

export const ISSUE_KIND_LABEL: Record<IssueKind, string> = {
  missed_person: 'Missed person',
  false_person: 'False person',
  wrong_box: 'Wrong box',
  wrong_joints: 'Wrong joints',
  identity_switch: 'Identity switch',
  wrong_action: 'Wrong action',
  other: 'Other',
};

export const ISSUE_STATES = ['open', 'resolved'] as const;
export type IssueState = (typeof ISSUE_STATES)[number];

/** Longest issue or comment text, in characters. */
export const ISSUE_TEXT_MAX = 2000;
/** Issues one video may hold, and comments one issue and one video may hold: the list call answers them
 *  all, so each is bounded (at most a few MB of text per video). */
export const MAX_ISSUES_PER_VIDEO = 2000;
export const MAX_COMMENTS_PER_ISSUE = 200;
export const MAX_COMMENTS_PER_VIDEO = 5000;

/** The statuses a video reaches only with no open issue: reviewed means resolved. */
export const RESOLVED_STATUSES = ['reviewed', 'labelled'] as const;

/** What the screens and refusals need to name an issue. */
export interface IssueRef {
  id: number;
  frame: number;
  to_frame: number | null;
  track_label: string | null;
  kind: IssueKind;
  text: string;
}

/** 'frame 40' or 'frames 100–140'. */
export const issueFrames = (i: Pick<IssueRef, 'frame' | 'to_frame'>) =>
  i.to_frame !== null && i.to_frame !== i.frame ? `frames ${i.frame}–${i.to_frame}` : `frame ${i.frame}`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A person's text as one line (line breaks and control characters become spaces): a text quoted in a line
 *  of the video's log can never start a line of its own that looks like an entry. */
export const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ');

/** One line that names an issue: '#12 Wrong box at frame 40 (T2): "box too loose"'. */
export function describeIssue(i: IssueRef): string {
  const flat = oneLine(i.text);
  const text = flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
  const track = i.track_label ? ` (${i.track_label})` : '';
  return `#${i.id} ${ISSUE_KIND_LABEL[i.kind]} at ${issueFrames(i)}${track}: "${text}"`;
}

/** Why a video with open issues cannot be marked reviewed or labelled (the API's 409 detail, the menu's reason). */
export function openIssuesRefusal(to: string, open: number, first: IssueRef | null): string {
  const what = to === 'labelled' ? 'labelled' : 'reviewed';
  const head = `Cannot mark ${what}: ${plural(open, 'open issue')} to resolve first`;
  return first ? `${head}. First: ${describeIssue(first)}` : head;
}

/** The menu's short reason beside Mark Reviewed / Mark Labelled. */
export const openIssuesShort = (open: number) => `${plural(open, 'open issue')} to resolve first`;
