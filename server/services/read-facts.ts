// The facts every API request looks up before it does anything — the caller's stored role, the video it
// names (live, its annotation version) and that video's source (limited to a role?) — kept in memory on
// the embedded database. PGlite runs one statement at a time, so 20 readers of one detection window
// would otherwise queue three or four lookups each behind one another and behind any encode.
//
// An entry is stamped with the database's write stamp taken before its lookup, and is used only while
// the stamp has not moved: any statement that may write (a status change, a role change, a save that
// bumps the annotation version, a deleted source…) invalidates every entry at once, so a cached fact is
// never older than the last write. On PostgreSQL other processes write too: nothing is kept there and
// every request reads the database, as before.
import type { Database } from '../db/connect';
import { findSource, type SourceRow } from '../repositories/sources';
import { findUser, type UserRow } from '../repositories/users';
import { findLiveVideo } from '../repositories/videos';
import type { VideoRow } from './video-dto';

/** At most this many entries per kind; a full map is simply emptied (writes empty it far more often). */
const MAX_ENTRIES = 10_000;

/** One kind of fact by key: valid while the stamp is unchanged; concurrent lookups of a key share one query. */
class StampedMemo<K, V> {
  private entries = new Map<K, { stamp: number; value: V }>();
  private inFlight = new Map<K, { stamp: number; value: Promise<V> }>();

  constructor(private stamp: () => number) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = this.stamp();
    const hit = this.entries.get(key);
    if (hit && hit.stamp === now) return Promise.resolve(hit.value);
    const pending = this.inFlight.get(key);
    if (pending && pending.stamp === now) return pending.value;
    const value = load()
      .then((v) => {
        // stored only when no write began or ended while it was read
        if (this.stamp() === now) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(key, { stamp: now, value: v });
        }
        return v;
      })
      .finally(() => {
        if (this.inFlight.get(key)?.value === value) this.inFlight.delete(key);
      });
    this.inFlight.set(key, { stamp: now, value });
    return value;
  }
}

export interface ReadFacts {
  user(id: string): Promise<UserRow | null>;
  liveVideo(id: number): Promise<VideoRow | null>;
  source(root: string): Promise<SourceRow | null>;
}

/** The lookups of `database`, memoised on the embedded database and straight queries on PostgreSQL. */
export function createReadFacts(database: Database): ReadFacts {
  const { db, writeStamp } = database;
  if (!writeStamp) {
    return {
      user: (id) => findUser(db, id),
      liveVideo: (id) => findLiveVideo(db, id),
      source: (root) => findSource(db, root),
    };
  }
  const users = new StampedMemo<string, UserRow | null>(writeStamp);
  const videos = new StampedMemo<number, VideoRow | null>(writeStamp);
  const sources = new StampedMemo<string, SourceRow | null>(writeStamp);
  return {
    user: (id) => users.get(id, () => findUser(db, id)),
    liveVideo: (id) => videos.get(id, () => findLiveVideo(db, id)),
    source: (root) => sources.get(root, () => findSource(db, root)),
  };
}
