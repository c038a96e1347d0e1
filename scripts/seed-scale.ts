// npm run seed:scale -- --videos 100000 [--data-dir ./data]: adds that many video rows (benchmarks).
// Uses DATABASE_URL when set, else the embedded database in DATA_DIR (stop `npm start` first: the
// embedded database belongs to one process at a time).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { createMediaService } from '../server/media/media-service';
import { seedScale } from '../server/services/seed-scale';
import { generateSampleClips } from '../server/services/sample-media';

const { values } = parseArgs({
  options: { videos: { type: 'string', default: '100000' }, 'data-dir': { type: 'string' } },
});
const count = Number(values.videos);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  console.error('--videos must be an integer 1..5000000');
  process.exit(2);
}
const config = loadConfig({ ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) });
const media = createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
const [clip] = await generateSampleClips(
  media.ffmpegPath,
  path.join(path.resolve('.cache'), 'sample-clips'),
  undefined,
  { people: false },
);
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
});
const t0 = Date.now();
const r = await seedScale(database, { count, root: path.join(config.dataDir, 'scale-library'), clip });
console.log(
  `seeded ${r.inserted} videos under ${r.root} in ${((Date.now() - t0) / 1000).toFixed(1)} s (${database.kind})`,
);
await database.close();
