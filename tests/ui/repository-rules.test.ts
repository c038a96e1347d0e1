// The Repository Manager's pure rules: the source form's errors in the screen's words, the unchanged
// edit, duplicate roots, and the purge request (confirm always, limit only when above 0).
import { describe, expect, it } from 'vitest';
import { purgeBody, type SourceDto } from '../../src/api/storage';
import { duplicateRoots, isUnchanged, sourceFormErrors } from '../../src/pages/storage/source-form-rules';
import { limitIsInvalid, parseLimit } from '../../src/pages/storage/PurgeCard';

const stats = { total: 0, pending: 0, processing: 0, completed: 0, reviewed: 0, labelled: 0, processed: 0 };
const src = (root: string, over: Partial<SourceDto> = {}): SourceDto => ({
  root,
  label: 'L',
  role: '',
  enabled: true,
  created_at: '2026-01-01T00:00:00.000Z',
  stats,
  ...over,
});
const sources = [src('/media/Cams'), src('/media/other')];

describe('source form rules', () => {
  it('names each broken rule', () => {
    expect(sourceFormErrors({ root: ' ', label: '', role: '', enabled: true }, sources)).toEqual({
      root: 'Root path is required',
      label: 'Label is required',
    });
    expect(
      sourceFormErrors(
        { root: '/MEDIA/cams/', label: 'x'.repeat(121), role: 'owner' as never, enabled: true },
        sources,
      ),
    ).toEqual({
      root: 'Another source already uses this path',
      label: 'Label must be 120 characters or fewer',
      role: 'Select a valid role',
    });
    expect(sourceFormErrors({ root: '/new', label: 'x'.repeat(120), role: 'super', enabled: false }, sources)).toEqual(
      {},
    );
  });

  it('lets an edited source keep its own path, and takes the path check conflict in its words', () => {
    expect(
      sourceFormErrors({ root: '/media/Cams', label: 'x', role: '', enabled: true }, sources, '/media/Cams'),
    ).toEqual({});
    const check = {
      normalized_root: '/media/Cams/sub',
      exists: true,
      is_dir: true,
      readable: true,
      writable: true,
      conflict: true,
      conflict_message: 'Conflicts with an existing source path',
      conflict_with: '/media/Cams',
    };
    expect(
      sourceFormErrors({ root: '/media/Cams/sub', label: 'x', role: '', enabled: true }, sources, undefined, check)
        .root,
    ).toBe('Conflicts with an existing source path');
    expect(
      sourceFormErrors({ root: '/x', label: 'x', role: '', enabled: true }, sources, undefined, {
        ...check,
        conflict_message: null,
      }).root,
    ).toBe('Conflicts with an existing source path');
  });

  it('an edit that changes nothing is unchanged; any field change is not', () => {
    const s = src('/media/Cams', { label: 'Cams', role: 'admin' });
    expect(isUnchanged({ root: '/media/Cams', label: ' Cams ', role: 'admin', enabled: true }, s)).toBe(true);
    expect(isUnchanged({ root: '/media/Cams', label: 'Cams', role: '', enabled: true }, s)).toBe(false);
    expect(isUnchanged({ root: '/media/Cams', label: 'Cams', role: 'admin', enabled: false }, s)).toBe(false);
  });

  it('finds roots held by more than one source, ignoring letter case', () => {
    expect(duplicateRoots([...sources, src('/media/cams')])).toEqual(['/media/Cams']);
    expect(duplicateRoots(sources)).toEqual([]);
  });
});

describe('purge request', () => {
  it('always carries confirm: true; a limit only above 0; a source only when chosen', () => {
    expect(purgeBody({ dry_run: true })).toEqual({ confirm: true, dry_run: true });
    expect(purgeBody({ dry_run: false, source_root: '/a', limit: 5 })).toEqual({
      confirm: true,
      dry_run: false,
      source_root: '/a',
      limit: 5,
    });
    expect(purgeBody({ dry_run: true, source_root: '', limit: 0 })).toEqual({ confirm: true, dry_run: true });
  });

  it('reads the limit field: empty or 0 mean none, negatives and fractions are invalid', () => {
    expect([parseLimit(''), parseLimit('0'), parseLimit('3'), parseLimit('2.5')]).toEqual([
      undefined,
      undefined,
      3,
      undefined,
    ]);
    expect(['', '0', '7'].map(limitIsInvalid)).toEqual([false, false, false]);
    expect(['-1', '2.5', 'abc'].map(limitIsInvalid)).toEqual([true, true, true]);
  });
});
