// npm run sample -- [outDir]: generates the sample clips (and the real-people clip) into a folder.
import path from 'node:path';
import { createMediaService } from '../server/media/media-service';
import { generateSampleClips } from '../server/services/sample-media';

const out = path.resolve(process.argv[2] ?? 'data/sample-media');
const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const files = await generateSampleClips(media.ffmpegPath, out);
for (const f of files) console.log(f);
