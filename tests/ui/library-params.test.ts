// Library URL ⇄ list state and the saved-state redirect rules.
import { describe, expect, it } from 'vitest';
import {
  backToLibraryUrl,
  focusParam,
  listParams,
  parseListParams,
  savedStateRedirect,
} from '../../src/pages/library/library-params';
import { writeListState } from '../../domain/list-state';

function memory() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      data.set(k, v);
    },
    removeItem: (k: string) => {
      data.delete(k);
    },
    clear() {},
    key: () => null,
    length: 0,
  } as Storage;
}

describe('library query parameters', () => {
  it('reads page, rows, q, repeated status, source, assignee and unassigned=1', () => {
    const s = parseListParams(
      new URLSearchParams('page=2&rows=25&q=park&status=kiv&status=completed&status=bogus&source=/data/a&unassigned=1'),
    );
    expect(s).toEqual({
      page: 2,
      rows: 25,
      q: 'park',
      status: ['kiv', 'completed'],
      source: '/data/a',
      assignee: '',
      unassigned: true,
    });
    expect(listParams(s).toString()).toBe(
      'page=2&rows=25&q=park&status=kiv&status=completed&source=%2Fdata%2Fa&unassigned=1',
    );
  });

  it('falls back to page 0 and 10 rows for bad values, and reads focus or videoId', () => {
    const s = parseListParams(new URLSearchParams('page=-3&rows=7'));
    expect(s.page).toBe(0);
    expect(s.rows).toBe(10);
    expect(focusParam(new URLSearchParams('focus=12'))).toBe(12);
    expect(focusParam(new URLSearchParams('videoId=5'))).toBe(5);
    expect(focusParam(new URLSearchParams('focus=x'))).toBeNull();
  });

  it('uses the saved state on a bare visit (24 h) and on restore=1 (5 min), keeping focus', () => {
    const storage = memory();
    const t0 = 1_000_000_000;
    writeListState(
      storage,
      { page: 1, rows: 25, q: 'x', status: [], source: '', assignee: 'ann', unassigned: false },
      t0,
    );
    expect(savedStateRedirect(new URLSearchParams(''), storage, t0 + 60_000)?.toString()).toBe(
      'page=1&rows=25&q=x&assignee=ann',
    );
    expect(savedStateRedirect(new URLSearchParams('q=other'), storage, t0)).toBeNull();
    expect(savedStateRedirect(new URLSearchParams('restore=1&focus=9'), storage, t0 + 4 * 60_000)?.toString()).toBe(
      'page=1&rows=25&q=x&assignee=ann&focus=9',
    );
    expect(savedStateRedirect(new URLSearchParams('restore=1'), storage, t0 + 6 * 60_000)?.toString()).toBe('');
    expect(backToLibraryUrl(storage, t0 + 1000)).toBe('/videos?page=1&rows=25&q=x&assignee=ann&restore=1');
  });
});
