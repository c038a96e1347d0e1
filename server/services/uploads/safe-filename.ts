// Turns the name a browser sent into a file name that is safe to create in upload_root. The client's
// name is a label, never a path: folders, `..`, drive letters, control and reserved characters go, and
// the result is a single path segment. Letters of every script are kept (NFC), so 'Café 東京.mp4' stays
// readable in the library.
import path from 'node:path';

/** Longest base name in UTF-8 bytes; with ' (99999)' and an extension it stays under the usual 255. */
const MAX_BASE_BYTES = 180;

/** Characters Windows, macOS or shells treat specially, and every control character. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern removes
const RESERVED = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

function clipBytes(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    // by code point: never cuts a character in half
    if (Buffer.byteLength(out + ch, 'utf8') > max) break;
    out += ch;
  }
  return out;
}

/** `{base, ext}` of a safe name for the client's file name; ext is lower case with its dot (or ''). */
export function safeUploadName(clientName: string): { base: string; ext: string } {
  // only the last segment of whatever path the client sent, with either separator
  const last =
    clientName
      .normalize('NFC')
      .split(/[\\/]+/)
      .filter(Boolean)
      .pop() ?? '';
  const cleaned = last.replace(RESERVED, '_').replace(/\s+/g, ' ').trim();
  const ext = path.extname(cleaned).toLowerCase();
  let base = (ext ? cleaned.slice(0, -ext.length) : cleaned)
    .replace(/^[.\s]+/, '') // no hidden files, no '..'
    .replace(/[.\s]+$/, '');
  base = clipBytes(base, MAX_BASE_BYTES).trim();
  return { base: base || 'upload', ext: /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '' };
}

/** The n-th candidate name: 'clip.mp4', then 'clip (1).mp4', 'clip (2).mp4', … */
export const candidateName = ({ base, ext }: { base: string; ext: string }, n: number): string =>
  n === 0 ? `${base}${ext}` : `${base} (${n})${ext}`;
