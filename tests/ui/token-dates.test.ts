// The token and session lists' dates and the optional token expiry typed in days.
import { describe, expect, it } from 'vitest';
import { parseExpiryDays, whenText } from '../../src/components/shell/token-dates';

describe('whenText', () => {
  it('says the plain words for no date or a broken one', () => {
    expect(whenText(null, 'Never')).toBe('Never');
    expect(whenText('not a date', 'Never')).toBe('Never');
  });
  it('shows a real date in local time', () => {
    expect(whenText('2026-01-02T03:04:05Z', 'Never')).toBe(new Date('2026-01-02T03:04:05Z').toLocaleString());
  });
});

describe('parseExpiryDays', () => {
  it('takes empty as no expiry and a whole number of days as it is', () => {
    expect(parseExpiryDays('  ')).toEqual({ days: undefined, problem: null });
    expect(parseExpiryDays(' 30 ')).toEqual({ days: 30, problem: null });
  });
  it.each(['0', '-2', '1.5', 'ten', '3651'])('refuses %s in plain words', (text) => {
    expect(parseExpiryDays(text).problem).toBe(
      'Expiry must be a whole number of days from 1 to 3650, or empty for none.',
    );
  });
});
