// Validation rules shared by the sign-in dialog, the remark dialog and the server.
import { REMARK_MAX_CHARS, REMARK_MAX_WORDS, USER_ID_PATTERN } from './constants';

export const USER_ID_REQUIRED = 'User ID is required';
export const USER_ID_RULE = '3–64 chars: letters, numbers, . _ - @';

/** Returns the validation message for a user id, or null when valid. The id is trimmed first. */
export function validateUserId(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v) return USER_ID_REQUIRED;
  return USER_ID_PATTERN.test(v) ? null : USER_ID_RULE;
}

export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}

export function remarkCounter(text: string): string {
  return `${text.length} / ${REMARK_MAX_CHARS} chars • ${countWords(text)} / ${REMARK_MAX_WORDS} words`;
}

/** Null when the remark is acceptable (optional, ≤ 150 chars and ≤ 20 words). */
export function validateRemark(text: string | null | undefined): string | null {
  const t = text ?? '';
  if (t.length > REMARK_MAX_CHARS) return `Remark must be at most ${REMARK_MAX_CHARS} characters`;
  if (countWords(t) > REMARK_MAX_WORDS) return `Remark must be at most ${REMARK_MAX_WORDS} words`;
  return null;
}
