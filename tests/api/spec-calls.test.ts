// Every call the two product documents name is routed: none answers "No such endpoint". The table is the
// documents' call lists ({…} placeholders filled with 1); a call dropped or renamed by mistake fails here,
// whatever status its rules give to this empty database (400, 404 for a missing row, 503 without a queue).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';

const CALLS = `
GET /videos/?limit=1000&skip=0
GET /sources/
GET /assignments/assignees
GET /videos/{id}/status
PATCH /videos/{id}/status
POST /videos/{id}/process
POST /videos/{id}/reprocess
POST /videos/batch_process?fraction=all
POST /videos/batch_export
POST /sources/reingest?root=/nowhere
GET /videos/{id}/log
GET /videos/{id}/history
GET /videos/{id}/download
GET /annotations/{id}/export
GET /videos/{id}
GET /videos/{id}/neighbors
GET /annotations/{id}
PATCH /annotations/{id}/tracks/{trackId}/detections/{frame}
PATCH /annotations/{id}/actions/{actionId}
POST /annotations/{videoId}/actions
DELETE /annotations/{videoId}/actions/{actionId}
POST /annotations/{videoId}/tracks/merge
DELETE /annotations/{videoId}/tracks/{trackId}
POST /videos/{id}/render
GET /videos/{id}/render/status
GET /settings/render
GET /videos/{id}/render/download?k=key
GET /metrics/summary
GET /status
POST /videos/upload
POST /assignments/import?dry_run=true&force=false
GET /admin/repo/sources
POST /admin/repo/sources
PUT /admin/repo/sources
DELETE /admin/repo/sources
POST /admin/repo/sources/validate
GET /admin/repo/root-config
PUT /admin/repo/root-config
POST /admin/repo/root-config/validate
GET /admin/repo/root-config/export
POST /admin/repo/root-config/import
POST /sources/reingest?delete_missing=false&include_disabled=false
GET /admin/repo/jobs?limit=25
POST /admin/repo/purge
POST /admin/repo/export_source
POST /admin/repo/import_source
GET /admin/repo/import_jobs/{job_id}
GET /admin/users
POST /admin/users
PUT /admin/users/{id}
DELETE /admin/users/{id}
PUT /settings/render
`
  .trim()
  .split('\n')
  .map((line) => {
    const [method, path] = line.split(' ');
    return { method, url: `/api/v1${path.replace(/\{[^}]+\}/g, '1')}` };
  });

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('every call of the product documents is routed', () => {
  it.each(CALLS)('$method $url', async ({ method, url }) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-user-id': 'e2e-super', 'content-type': 'application/json' },
      payload: method === 'GET' ? undefined : '{}',
    });
    const detail = res.headers['content-type']?.toString().includes('json')
      ? (res.json() as { detail?: string }).detail
      : undefined;
    expect(detail ?? '').not.toMatch(/^No such endpoint/);
    expect(res.statusCode).not.toBe(500); // 503 is the answer of a process that runs no job queue
  });

  it('an unknown call still answers "No such endpoint"', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/videos/1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/^No such endpoint/);
  });
});
