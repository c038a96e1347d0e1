// How the token and session lists say a date: a local date and time, or plain words for none.
export function whenText(iso: string | null | undefined, none: string): string {
  if (!iso) return none;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? none : d.toLocaleString();
}

/** The optional expiry typed in days: empty is none; anything else must be a whole number of days from 1 to 3650. */
export function parseExpiryDays(text: string): { days: number | undefined; problem: string | null } {
  const t = text.trim();
  if (!t) return { days: undefined, problem: null };
  const n = Number(t);
  if (!Number.isInteger(n) || n < 1 || n > 3650)
    return { days: undefined, problem: 'Expiry must be a whole number of days from 1 to 3650, or empty for none.' };
  return { days: n, problem: null };
}
