// The TestEditor's review issues, served in memory through the contract-checked fake server: raise,
// list, comment and resolve answer the shapes of domain/contract/review-issues.ts, with versions.
import type { ReviewIssue } from '../../domain/contract/review-issues';
import type { IssueApi } from '../../src/annotate/review/issue-book';
import { commentOnIssue, fetchIssues, raiseIssue, setIssueState } from '../../src/api/review-issues';
import { serveOne } from './contract-server';

const AT = '2026-01-01T00:00:00.000Z';

export function fakeIssueApi(issues: ReviewIssue[]): IssueApi {
  let nextId = 1;
  let nextComment = 1;
  const find = (id: number) => issues.find((i) => i.id === id)!;
  return {
    fetchIssues: (v, signal) =>
      serveOne(
        () => fetchIssues(v, signal),
        () => ({
          video_id: v,
          open: issues.filter((i) => i.state === 'open').length,
          resolved: issues.filter((i) => i.state === 'resolved').length,
          issues: [...issues].sort((a, b) => a.frame - b.frame || a.id - b.id),
        }),
      ),
    raiseIssue: (v, body) =>
      serveOne(
        () => raiseIssue(v, body),
        () => {
          const issue: ReviewIssue = {
            id: nextId++,
            video_id: v,
            frame: body.frame,
            to_frame: body.to_frame ?? null,
            track_id: body.track_id ?? null,
            track_label: body.track_id == null ? null : `T${body.track_id}`,
            track_exists: body.track_id != null,
            box: body.box ?? null,
            kind: body.kind,
            text: body.text,
            state: 'open',
            raised_by_id: 'tester',
            raised_by_name: null,
            raised_at: AT,
            resolved_by_id: null,
            resolved_by_name: null,
            resolved_at: null,
            updated_by_id: 'tester',
            updated_at: AT,
            version: 1,
            comments: [],
          };
          issues.push(issue);
          return issue;
        },
      ),
    commentOnIssue: (v, id, text) =>
      serveOne(
        () => commentOnIssue(v, id, text),
        () => {
          const c = {
            id: nextComment++,
            issue_id: id,
            author_id: 'tester',
            author_name: null,
            text,
            event: null,
            created_at: AT,
          };
          find(id).comments.push(c);
          return c;
        },
      ),
    setIssueState: (v, id, body) =>
      serveOne(
        () => setIssueState(v, id, body),
        () => {
          const i = find(id);
          if (body.version !== i.version) throw new Error(`Issue ${id} was changed by someone else`);
          Object.assign(i, {
            state: body.state,
            version: i.version + 1,
            resolved_by_id: body.state === 'resolved' ? 'tester' : null,
            resolved_at: body.state === 'resolved' ? AT : null,
          });
          return { ...i, comments: [...i.comments] };
        },
      ),
  };
}
