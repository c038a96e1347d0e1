// How a long job's progress is said to a person, and who may cancel it.
import { describe, expect, it } from 'vitest';
import { formatEta, mayCancel, progressText } from '../../domain/job-progress';
import { etaFromRate } from '../../server/services/job-progress';

describe('job progress texts', () => {
  it('says the time left humanely', () => {
    expect(formatEta(12)).toBe('~12 s left');
    expect(formatEta(0.2)).toBe('~1 s left');
    expect(formatEta(59)).toBe('~59 s left');
    expect(formatEta(60)).toBe('~1 min left');
    expect(formatEta(89)).toBe('~1 min left');
    expect(formatEta(31 * 60)).toBe('~31 min left');
    expect(formatEta(3600)).toBe('~1 h left');
    expect(formatEta(3600 + 5 * 60)).toBe('~1 h 5 min left');
  });

  it('shows whole percents, with the ETA when there is one', () => {
    expect(progressText(42.7, 65)).toBe('42% · ~1 min left');
    expect(progressText(99.9, null)).toBe('99%');
    expect(progressText(100, 0)).toBe('100%');
  });

  it('quotes an ETA from the measured rate only once there is one', () => {
    expect(etaFromRate({ at: 0, progress: 0 }, { at: 500, progress: 10 })).toBeNull(); // under a second
    expect(etaFromRate({ at: 0, progress: 10 }, { at: 10_000, progress: 10.5 })).toBeNull(); // under a percent
    expect(etaFromRate({ at: 0, progress: 10 }, { at: 10_000, progress: 30 })).toBe(35);
    expect(etaFromRate({ at: 0, progress: 0 }, { at: 10_000, progress: 100 })).toBeNull();
  });

  it('lets the starter or an administrator cancel', () => {
    expect(mayCancel({ started_by: 'ann' }, { id: 'ann', role: 'annotator' })).toBe(true);
    expect(mayCancel({ started_by: 'ann' }, { id: 'bob', role: 'annotator' })).toBe(false);
    expect(mayCancel({ started_by: null }, { id: 'bob', role: 'annotator' })).toBe(false);
    expect(mayCancel({ started_by: 'ann' }, { id: 'root', role: 'super' })).toBe(true);
    expect(mayCancel({ started_by: 'ann' }, null)).toBe(false);
  });
});
