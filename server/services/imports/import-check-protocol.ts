// The messages between the import parser (import-parser.ts) and its worker thread (import-check-worker.ts).
import type { FormatName, FormatVideo } from '../../../domain/formats';

export type ImportCheckRequest =
  | { id: number; job: 'package-video'; file: { path: string; sha256: string }; bytes: Uint8Array; withRows: boolean }
  | { id: number; job: 'interchange'; format: FormatName; video: FormatVideo; bytes: Uint8Array };

/** `error`: which refusal to raise again on the request's side ('other': a fault, not the file's). */
export type ImportCheckReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: 'package' | 'refusal' | 'other'; message: string };
