// Encoded detection windows kept in memory, bounded by bytes. A key holds the video's annotation version,
// and every write bumps that version in its own transaction, so an entry is never stale: after a save the
// next read asks for a new key, in this process or any other on the same PostgreSQL database. Readers of
// the same window at the same time share one query and one encode. Editor summaries are kept here too,
// under their ETag (which names the version).
import { LRUCache } from 'lru-cache';

export interface EncodedWindow {
  body: Buffer;
  count: number;
  /** A detection window's end: the one asked for, or the frame before which its size cap cut it. */
  to?: number;
}

/** What an entry costs beyond its body (key, object, map slot), so many empty windows still count. */
const ENTRY_OVERHEAD_BYTES = 128;

export class WindowCache {
  private readonly lru: LRUCache<string, EncodedWindow> | null;
  private readonly inFlight = new Map<string, Promise<EncodedWindow>>();

  constructor(readonly maxBytes: number) {
    this.lru =
      maxBytes > 0
        ? new LRUCache<string, EncodedWindow>({
            maxSize: maxBytes,
            sizeCalculation: (w) => w.body.byteLength + ENTRY_OVERHEAD_BYTES,
          })
        : null;
  }

  static key(videoId: number, version: number, from: number, to: number): string {
    return `${videoId}:${version}:${from}:${to}`;
  }

  /** The cached window of `key`, or the one `encode` makes (once, however many callers wait for it). */
  async get(key: string, encode: () => Promise<EncodedWindow>): Promise<EncodedWindow> {
    const hit = this.lru?.get(key);
    if (hit) return hit;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = encode()
        .then((w) => {
          this.lru?.set(key, w);
          return w;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Bytes held now (bodies plus per-entry overhead). */
  get size(): number {
    return this.lru?.calculatedSize ?? 0;
  }
  get entries(): number {
    return this.lru?.size ?? 0;
  }
}
