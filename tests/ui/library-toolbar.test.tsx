// @vitest-environment jsdom
// Library toolbar: search applies after a pause and never overwrites fresh typing; Re-ingest only with a source;
// 'All statuses' clears the status selection; source labels are the last three path segments.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { LibraryToolbar, type ToolbarProps } from '../../src/pages/library/LibraryToolbar';
import { DEFAULT_LIST_STATE } from '../../src/pages/library/library-params';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(over: Partial<ToolbarProps> = {}) {
  const props: ToolbarProps = {
    state: DEFAULT_LIST_STATE,
    sources: [{ root: '/mnt/data/site-a/cams/day1', label: '', role: null, enabled: true }],
    assignees: [{ id: 'ann', name: 'Ann', count: 3 }],
    onChange: vi.fn(),
    onProcess: vi.fn(),
    onExport: vi.fn(),
    onReingest: vi.fn(),
    onRefresh: vi.fn(),
    busy: { export: false, reingest: false },
    ...over,
  };
  const view = render(
    <MemoryRouter>
      <LibraryToolbar {...props} />
    </MemoryRouter>,
  );
  const rerender = (p: Partial<ToolbarProps>) =>
    view.rerender(
      <MemoryRouter>
        <LibraryToolbar {...props} {...p} />
      </MemoryRouter>,
    );
  return { props, rerender };
}

describe('library toolbar', () => {
  it('applies the search after a pause and keeps typing that happened meanwhile', () => {
    vi.useFakeTimers();
    const { props, rerender } = setup();
    const box = screen.getByPlaceholderText('Search filename or path...');
    fireEvent.change(box, { target: { value: 'abc' } });
    expect(props.onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(props.onChange).toHaveBeenCalledWith({ q: 'abc' });
    fireEvent.change(box, { target: { value: 'abcd' } });
    rerender({ state: { ...DEFAULT_LIST_STATE, q: 'abc' } });
    expect(box).toHaveValue('abcd');
    rerender({ state: { ...DEFAULT_LIST_STATE, q: 'from-url' } });
    expect(box).toHaveValue('from-url');
  });

  it('shows sources by their last three segments, assignees with counts, and Re-ingest only with a source', () => {
    const { rerender } = setup();
    expect(screen.getByRole('option', { name: 'site-a/cams/day1' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'All Sources' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ann (3)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Unassigned' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-ingest Source' })).not.toBeInTheDocument();
    rerender({ state: { ...DEFAULT_LIST_STATE, source: '/mnt/data/site-a/cams/day1' } });
    expect(screen.getByRole('button', { name: 'Re-ingest Source' })).toBeInTheDocument();
  });

  it('offers the five batch export modes and the five process fractions', async () => {
    const { props } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Batch Export' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'First 10 labelled',
      'First 50 labelled',
      'First 100 labelled',
      'Top 80% labelled',
      'All labelled (100%)',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Top 80% labelled' }));
    expect(props.onExport).toHaveBeenCalledWith('0.8');
    await userEvent.click(screen.getByRole('button', { name: 'Process' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['all', 'half', 'quarter', '10%', '5%']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
