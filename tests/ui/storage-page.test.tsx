// @vitest-environment jsdom
// Repository Manager components: the source form's live path check and when Save is allowed, a
// job's collapsed and expanded views, the Activity Log that other parts write to, and the text a
// non-administrator sees. fetch is replaced at the edge with the server's answers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { JobDto, SourceDto } from '../../src/api/storage';
import { ActivityLog, ActivityLogProvider, useActivityLog } from '../../src/pages/storage/ActivityLog';
import { JobHistoryCard, JobRow } from '../../src/pages/storage/JobHistoryCard';
import { StoragePage } from '../../src/pages/storage/StoragePage';
import { SourceForm } from '../../src/pages/storage/SourceForm';
import { SessionProvider } from '../../src/session';
import type { Role } from '../../domain/constants';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stats = { total: 2, pending: 1, processing: 0, completed: 1, reviewed: 0, labelled: 0, processed: 1 };
const cams: SourceDto = {
  root: '/media/cams',
  label: 'Cams',
  role: '',
  enabled: true,
  created_at: '2026-01-01T00:00:00.000Z',
  stats,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answerValidate(conflictFor: string) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      calls.push(body);
      const conflict = body.root.startsWith(conflictFor);
      return json({
        normalized_root: body.root.replace(/\/+$/, ''),
        exists: true,
        is_dir: true,
        readable: true,
        writable: false,
        conflict,
        conflict_message: conflict ? 'Conflicts with an existing source path' : null,
      });
    }),
  );
  return calls;
}

describe('source form', () => {
  it('checks the typed path on the server and shows what it found; a conflict blocks Save', async () => {
    const calls = answerValidate('/media/cams/');
    const onSave = vi.fn();
    render(<SourceForm sources={[cams]} busy={false} onCancel={vi.fn()} onSave={onSave} />);
    const save = screen.getByTestId('sourceForm.save');
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByTestId('sourceForm.root'), { target: { value: '/media/new/' } });
    fireEvent.change(screen.getByTestId('sourceForm.label'), { target: { value: 'New' } });
    expect(await screen.findByTestId('sourceForm.normalizedRoot')).toHaveTextContent('/media/new');
    expect(screen.getByTestId('sourceForm.writable')).toHaveTextContent('Writable: no');
    expect(calls).toEqual([{ root: '/media/new/' }]);
    expect(save).toBeEnabled();
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({ root: '/media/new/', label: 'New', role: '', enabled: true });

    fireEvent.change(screen.getByTestId('sourceForm.root'), { target: { value: '/media/cams/sub' } });
    expect(await screen.findByTestId('sourceForm.rootError')).toHaveTextContent(
      'Conflicts with an existing source path',
    );
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByTestId('sourceForm.root'), { target: { value: '/MEDIA/Cams' } });
    expect(screen.getByTestId('sourceForm.rootError')).toHaveTextContent('Another source already uses this path');
    fireEvent.change(screen.getByTestId('sourceForm.root'), { target: { value: '' } });
    expect(screen.getByTestId('sourceForm.rootError')).toHaveTextContent('Root path is required');
    fireEvent.change(screen.getByTestId('sourceForm.label'), { target: { value: 'x'.repeat(121) } });
    expect(screen.getByTestId('sourceForm.labelError')).toHaveTextContent('Label must be 120 characters or fewer');
  });

  it('when editing, Save waits for a change and the path check sends original_root', async () => {
    const calls = answerValidate('/nothing');
    render(<SourceForm editing={cams} sources={[cams]} busy={false} onCancel={vi.fn()} onSave={vi.fn()} />);
    await waitFor(() => expect(calls).toEqual([{ root: '/media/cams', original_root: '/media/cams' }]));
    expect(screen.getByTestId('sourceForm.save')).toBeDisabled();
    fireEvent.change(screen.getByTestId('sourceForm.role'), { target: { value: 'admin' } });
    expect(screen.getByTestId('sourceForm.save')).toBeEnabled();
    fireEvent.click(screen.getByTestId('sourceForm.enabled'));
    fireEvent.change(screen.getByTestId('sourceForm.role'), { target: { value: '' } });
    expect(screen.getByTestId('sourceForm.save')).toBeEnabled();
    fireEvent.click(screen.getByTestId('sourceForm.enabled'));
    expect(screen.getByTestId('sourceForm.save')).toBeDisabled();
  });
});

describe('job row', () => {
  const job: JobDto = {
    id: 7,
    job_type: 'scan',
    status: 'failed',
    started_at: '2026-01-01T00:00:00Z',
    finished_at: '2026-01-01T00:01:00Z',
    initiated_by: 'boss',
    summary: { added: 2, found: 3, root: '/media/cams', removed: 1, updated: 0 },
    errors: ['bad.mp4: moov atom not found', 'x.mp4: truncated'],
  };
  it('collapsed shows the first 4 summary fields and the error count; expanded lists everything', () => {
    render(
      <ul>
        <JobRow job={job} />
      </ul>,
    );
    expect(screen.getAllByTestId('jobs.summaryField').map((e) => e.textContent)).toEqual([
      'root: /media/cams',
      'found: 3',
      'added: 2',
      'updated: 0',
    ]);
    expect(screen.getByTestId('jobs.errorCount')).toHaveTextContent('2 error(s) occurred');
    expect(screen.getByTestId('jobs.initiatedBy')).toHaveTextContent('by boss');
    fireEvent.click(screen.getByTestId('jobs.toggle'));
    expect(screen.getAllByTestId('jobs.summaryField')).toHaveLength(5);
    expect(screen.getByTestId('jobs.errors')).toHaveTextContent('bad.mp4: moov atom not found');
    expect(screen.queryByTestId('jobs.errorCount')).toBeNull();
  });

  it('a running scan shows how far probing got', () => {
    render(
      <ul>
        <JobRow
          job={{
            ...job,
            status: 'running',
            finished_at: null,
            errors: [],
            summary: { root: '/m', phase: 'probing', probed: 200, to_probe: 800 },
          }}
        />
      </ul>,
    );
    expect(screen.getByTestId('jobs.progress')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.queryByTestId('jobs.errorCount')).toBeNull();
  });
});

describe('job history', () => {
  it('asks with the filters and limit, reads again while a job runs, and reports the jobs that finished', async () => {
    const running: JobDto = {
      id: 3,
      job_type: 'scan',
      status: 'running',
      started_at: '2026-01-01T00:00:00Z',
      finished_at: null,
      initiated_by: 'boss',
      summary: { root: '/m', phase: 'listing' },
      errors: [],
    };
    const done: JobDto = {
      ...running,
      status: 'success',
      finished_at: '2026-01-01T00:00:09Z',
      summary: { root: '/m', added: 4 },
    };
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return json(urls.length < 3 ? [running] : [done]);
      }),
    );
    const onFinished = vi.fn();
    render(<JobHistoryCard refreshKey={0} follow={false} onFinished={onFinished} />);
    expect(urls[0]).toBe('/api/v1/admin/repo/jobs?limit=25&job_type=all&status=all');
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith([done]), { timeout: 10_000 });
    expect(screen.getByTestId('jobs.status')).toHaveTextContent('success');
    const calls = urls.length;
    fireEvent.change(screen.getByTestId('jobs.typeFilter'), { target: { value: 'purge' } });
    fireEvent.change(screen.getByTestId('jobs.limit'), { target: { value: '100' } });
    await waitFor(() => expect(urls.at(-1)).toBe('/api/v1/admin/repo/jobs?limit=100&job_type=purge&status=all'));
    expect(urls.length).toBeGreaterThan(calls);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });
});

describe('activity log', () => {
  it('collects messages and failures from anything inside the page, in a box that scrolls past 200 px', () => {
    let append: ReturnType<typeof useActivityLog>['appendLog'] = () => {};
    function Writer() {
      append = useActivityLog().appendLog;
      return null;
    }
    render(
      <ActivityLogProvider>
        <Writer />
        <ActivityLog />
      </ActivityLogProvider>,
    );
    act(() => {
      append('Exported annotations from Cams', 'info');
      append('Failed to import annotations', 'error');
    });
    const entries = screen.getAllByTestId('repo.logEntry');
    expect(entries.map((e) => [e.textContent?.replace(/^\[.*?\] /, ''), e.dataset.kind])).toEqual([
      ['Exported annotations from Cams', 'info'],
      ['Failed to import annotations', 'error'],
    ]);
    expect(screen.getByTestId('repo.activityLog')).toHaveClass('max-h-[200px]', 'overflow-y-auto');
  });
});

describe('access', () => {
  const mem = (user: object | null) => {
    const m = new Map<string, string>(user ? [['va_user', JSON.stringify(user)]] : []);
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
  };
  const page = (user: object | null, granted: Role) =>
    render(
      <SessionProvider storage={mem(user)} grantedRole={fromPromise(async () => granted)}>
        <StoragePage />
      </SessionProvider>,
    );

  it.each([
    ['a guest', null, 'annotator'],
    [
      'an annotator who picked super',
      { signedIn: true, id: 'ann1', name: '', role: 'super', ts: Date.now() },
      'annotator',
    ],
  ] as const)('%s sees the restricted text and no cards', async (_who, user, granted) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ signed_in: !!user, id: user ? 'ann1' : null, name: null, role: granted, header_role: null }),
      ),
    );
    page(user, granted);
    expect(await screen.findByTestId('repo.restricted')).toHaveTextContent(
      'Access restricted: repository management is limited to administrators.',
    );
    expect(screen.queryByTestId('repo.sourcesCard')).toBeNull();
  });
});
