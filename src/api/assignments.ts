// Assignees for the library's Assignee filter, the CSV import of assignments, and assigning from the library.
import type { Assignee, AssignmentReport } from '../../domain/contract/assignments';
import type { UserRecord } from '../../domain/contract/users';
import type { AssignmentResult } from '../../domain/contract/videos';
import { ApiError, errorText, rawRequest, request } from './request';

export const listAssignees = () => request<Assignee[]>('/api/v1/assignments/assignees');

export type { Assignee, AssignmentReport };

/** POST /assignments/import; a failure reads 'HTTP {status}', followed by the server's detail when it sends one. */
export async function importAssignmentsCsv(
  file: File,
  opts: { dryRun: boolean; force: boolean },
): Promise<AssignmentReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await rawRequest(`/api/v1/assignments/import?dry_run=${opts.dryRun}&force=${opts.force}`, {
    method: 'POST',
    body: form,
  });
  if (!res.ok) {
    const detail = await errorText(res, '');
    throw new ApiError(res.status, detail ? `HTTP ${res.status}: ${detail}` : `HTTP ${res.status}`);
  }
  return res.json() as Promise<AssignmentReport>;
}

/** The fields of an account the assign menu shows. */
export type AssignableUser = Pick<UserRecord, 'id' | 'name' | 'role'>;

/** Users an administrator can assign videos to (the user-management list). */
export const listAssignableUsers = () =>
  request<AssignableUser[]>('/api/v1/admin/users', { fallback: 'Failed to load users' });

export type AssignResult = AssignmentResult;

/** PATCH /videos/assignment: assign the videos to a user, or unassign them with null. */
export const assignVideos = (videoIds: number[], assigneeId: string | null) =>
  request<AssignResult>('/api/v1/videos/assignment', {
    method: 'PATCH',
    json: { video_ids: videoIds, assignee_id: assigneeId },
    fallback: 'Failed to assign videos',
  });
