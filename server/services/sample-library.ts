// On the first start with an empty data dir: a sample source of generated clips, ingested, so a new
// user sees a populated library. Clips are generated once into the cache and copied from there.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { countSources } from '../repositories/sources';
import { readSetting, writeSetting } from '../repositories/settings';
import { ensureSource, ingestSource } from './ingest';
import type { MediaService } from '../media/media-service';
import { DEFAULT_CACHE_DIR, generateSampleClips } from './sample-media';

const MARKER = 'sample_library';

export async function ensureSampleLibrary(d: {
  config: Config;
  database: Database;
  media: MediaService;
  log: { info(m: string): void; warn(m: string): void };
  cacheDir?: string;
}): Promise<string | null> {
  const { db } = d.database;
  // Created once: a library the user emptied, or any configured source, means no sample library.
  if ((await countSources(db)) > 0 || (await readSetting(db, MARKER)) !== undefined) return null;
  const root = path.join(d.config.dataDir, 'sample-library');
  const cache = path.join(d.cacheDir ?? DEFAULT_CACHE_DIR, 'sample-clips');
  d.log.info(`creating the sample library in ${root} (first start; clips are cached in ${cache})`);
  const t0 = Date.now();
  let clips: string[];
  try {
    clips = await generateSampleClips(d.media.ffmpegPath, cache, d.cacheDir ?? DEFAULT_CACHE_DIR);
  } catch (e) {
    // The people clip needs the npm registry; without it the generated clips still make a library.
    d.log.warn(`sample library: ${(e as Error).message}; continuing without the real-people clip`);
    clips = await generateSampleClips(d.media.ffmpegPath, cache, d.cacheDir ?? DEFAULT_CACHE_DIR, { people: false });
  }
  fs.mkdirSync(root, { recursive: true });
  // Always copied over: a clip left in the data dir by an older recipe must not shadow the current one.
  for (const c of clips) fs.copyFileSync(c, path.join(root, path.basename(c)));
  await ensureSource(db, root, 'Sample library');
  const r = await ingestSource(db, d.media, root, { jobType: 'scan', initiatedBy: 'system' });
  await writeSetting(db, MARKER, { root, created_at: new Date().toISOString() });
  d.log.info(`sample library ready: ${r.added} clips in ${Date.now() - t0} ms`);
  return root;
}
