// The rules of resumable (tus) uploads beyond the protocol: an upload belongs to the user who started it
// (its record's metadata `uploaded_by`, set by the server at creation), nobody else may read, append to
// or delete it; unfinished uploads, each up to the upload size limit, are limited per user and in total;
// and ones older than the keep period are swept (on a timer, at start-up, and before a new one is counted,
// so an abandoned upload never blocks a new one).
import type { FileStore } from '@tus/file-store';
import { NotFound, TooMany } from '../../domain-errors';

export interface UnfinishedLimits {
  perUser: number;
  total: number;
}

/** Who started each upload the store still holds (unfinished: a finished one's record is removed). */
async function ownersOfUnfinished(store: FileStore): Promise<string[]> {
  const ids = (await store.configstore.list?.()) ?? [];
  const owners: string[] = [];
  for (const id of ids) {
    const upload = await store.configstore.get(id).catch(() => undefined);
    if (upload) owners.push(upload.metadata?.uploaded_by ?? '');
  }
  return owners;
}

/** Removes unfinished uploads older than the store's keep period; answers how many. */
export async function sweepAbandonedUploads(store: FileStore): Promise<number> {
  return store.deleteExpired();
}

/** Refuses a new upload when its owner, or the server, already holds as many unfinished ones as allowed. */
export async function checkRoomForUpload(store: FileStore, owner: string, limits: UnfinishedLimits): Promise<void> {
  await sweepAbandonedUploads(store);
  const owners = await ownersOfUnfinished(store);
  const mine = owners.filter((o) => o === owner).length;
  if (mine >= limits.perUser) {
    throw new TooMany(
      `You have ${mine} unfinished uploads, the most allowed: finish or cancel one before starting another`,
    );
  }
  if (owners.length >= limits.total)
    throw new TooMany(`The server holds ${owners.length} unfinished uploads, the most allowed: try again later`);
}

/** The upload, when it exists and `who` started it; anyone else is told it does not exist. */
export async function requireOwnUpload(store: FileStore, id: string, who: string): Promise<void> {
  const upload = await store.configstore.get(id).catch(() => undefined);
  if (!upload || upload.metadata?.uploaded_by !== who) throw new NotFound('No such upload');
}
