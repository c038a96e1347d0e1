// Optional watching of enabled sources (VAT_WATCH_SOURCES, off by default): a change to a video file
// under a source starts a scan of that source after a quiet period, so new files appear without a
// manual re-ingest. The set of watched folders follows the sources table at every sync.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/connect';
import { listSources } from '../../repositories/sources';
import { ingestSource, VIDEO_EXTENSIONS } from '../ingest';
import type { MediaService } from '../../media/media-service';

export interface SourceWatcher {
  sync(): Promise<void>;
  stop(): void;
}

export function watchSources(opts: {
  db: Db;
  media: MediaService;
  parallelism: number;
  quietMs?: number;
  syncEveryMs?: number;
  log: (msg: string) => void;
}): SourceWatcher {
  const watchers = new Map<string, fs.FSWatcher>();
  const timers = new Map<string, NodeJS.Timeout>();
  const scanning = new Set<string>();

  const scan = async (root: string) => {
    // One scan per source at a time; a change during a scan schedules another one after it.
    if (scanning.has(root)) {
      schedule(root);
      return;
    }
    scanning.add(root);
    await ingestSource(opts.db, opts.media, root, {
      jobType: 'scan',
      initiatedBy: 'watcher',
      parallelism: opts.parallelism,
      deleteMissing: true,
    })
      .catch((e: Error) => opts.log(`watch scan of ${root} failed: ${e.message}`))
      .finally(() => scanning.delete(root));
  };
  const schedule = (root: string) => {
    clearTimeout(timers.get(root));
    timers.set(
      root,
      setTimeout(() => {
        timers.delete(root);
        void scan(root);
      }, opts.quietMs ?? 2000),
    );
  };

  const sync = async () => {
    const enabled = new Set((await listSources(opts.db)).filter((s) => s.enabled).map((s) => s.root));
    for (const [root, w] of watchers)
      if (!enabled.has(root)) {
        w.close();
        watchers.delete(root);
      }
    for (const root of enabled) {
      if (watchers.has(root)) continue;
      try {
        const w = fs.watch(root, { recursive: true }, (_event, name) => {
          if (name && VIDEO_EXTENSIONS.has(path.extname(String(name)).toLowerCase())) schedule(root);
        });
        w.on('error', (e) => {
          opts.log(`watching ${root} stopped: ${e.message}`);
          w.close();
          watchers.delete(root);
        });
        watchers.set(root, w);
      } catch (e) {
        opts.log(`cannot watch ${root}: ${(e as Error).message}`);
      }
    }
  };
  const interval = setInterval(() => {
    sync().catch((e: Error) => opts.log(`watch sync failed: ${e.message}`));
  }, opts.syncEveryMs ?? 30_000);
  interval.unref();

  return {
    sync,
    stop() {
      clearInterval(interval);
      for (const t of timers.values()) clearTimeout(t);
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
