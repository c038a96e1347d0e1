// Every environment variable the server reads, with its default, validated once at start.
import { z } from 'zod';
import path from 'node:path';
import { validateUserId } from '../domain/validation';
import { authConfigOf, authEnvSchema, type AuthConfig } from './auth-config';

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no']).transform((v) => ['1', 'true', 'yes'].includes(v));

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  // comma-separated; each id must be one the sign-in rule accepts, or that super user could never act
  VAT_BOOTSTRAP_SUPER: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .superRefine((ids, ctx) => {
      for (const id of ids) {
        const problem = validateUserId(id);
        if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(id)}: ${problem}` });
      }
    }),
  VAT_MAX_UPLOAD_MB: z.coerce.number().int().positive().default(2048),
  // unfinished resumable uploads: how many one user and everyone may hold, and how long one is kept
  VAT_TUS_MAX_UNFINISHED_PER_USER: z.coerce.number().int().min(1).max(1000).default(5),
  VAT_TUS_MAX_UNFINISHED_TOTAL: z.coerce.number().int().min(1).max(100_000).default(50),
  VAT_TUS_KEEP_UNFINISHED_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  VAT_MODELS_DIR: z.string().optional(),
  VAT_SAMPLE_LIBRARY: bool.default(true),
  VAT_WORKER: bool.default(true),
  VAT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  VAT_POSE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  // start the pose workers with the job worker (when the models are cached), not on the first job
  VAT_POSE_WARM: bool.default(true),
  VAT_INGEST_PARALLELISM: z.coerce.number().int().min(1).max(32).default(4),
  VAT_WATCH_SOURCES: bool.default(false),
  VAT_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VAT_STATIC_DIR: z.string().optional(),
  VAT_WINDOW_CACHE_MB: z.coerce.number().int().min(0).max(65536).default(256),
  // the editor's H.264 copies of files a browser cannot play (an AVI, say): their total size kept at most
  VAT_PLAYBACK_COPIES_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(16 * 1024 * 1024)
    .default(20 * 1024),
  // one detection-window answer at most (a full frame of the per-frame track limit is 0.25 MB)
  VAT_WINDOW_MAX_MB: z.coerce.number().min(0.25).max(1024).default(4),
  // tests only: a package import stops for good after this many videos, so a test can kill the server mid-import
  VAT_TEST_IMPORT_STALL_AFTER: z.coerce.number().int().min(1).optional(),
  // tests and e2e: an answer with a key its response schema does not name fails instead of losing the key
  VAT_STRICT_RESPONSES: bool.default(false),
  ...authEnvSchema,
});

export type Env = z.infer<typeof configSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  bootstrapSuper: string[];
  maxUploadBytes: number;
  /** Unfinished resumable uploads: at most this many per user and in total, each kept this long. */
  tusUnfinished: { perUser: number; total: number; keepMs: number };
  ffmpegPath?: string;
  ffprobePath?: string;
  modelsDir: string;
  sampleLibrary: boolean;
  worker: boolean;
  workerConcurrency: number;
  poseThreads?: number;
  /** Start the pose workers when the job worker starts (the models cached), so the first job does not wait. */
  poseWarm: boolean;
  ingestParallelism: number;
  /** Scan an enabled source when its files change (off by default). */
  watchSources: boolean;
  logLevel: Env['VAT_LOG_LEVEL'];
  staticDir: string;
  /** Bytes of encoded detection windows kept in memory; 0 turns the cache off. */
  windowCacheBytes: number;
  /** Bytes of playback copies kept at most (playback-copy.ts): past it, the copies played longest ago go. */
  playbackCopiesBytes: number;
  /** Bytes of one detection-window answer at most: a larger window stops early at a frame boundary. */
  windowMaxBytes: number;
  /** Tests only (VAT_TEST_IMPORT_STALL_AFTER): a package import waits forever after this many videos. */
  testImportStallAfter?: number;
  /** Tests only (VAT_STRICT_RESPONSES): a JSON answer with a key its schema does not name is an error. */
  strictResponses: boolean;
  /** Sign-in: the mode (open | password | proxy) and its settings (auth-config.ts). */
  auth: AuthConfig;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${msg}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    bootstrapSuper: e.VAT_BOOTSTRAP_SUPER,
    maxUploadBytes: e.VAT_MAX_UPLOAD_MB * 1024 * 1024,
    tusUnfinished: {
      perUser: e.VAT_TUS_MAX_UNFINISHED_PER_USER,
      total: e.VAT_TUS_MAX_UNFINISHED_TOTAL,
      keepMs: e.VAT_TUS_KEEP_UNFINISHED_HOURS * 60 * 60 * 1000,
    },
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    modelsDir: path.resolve(e.VAT_MODELS_DIR ?? path.join(dataDir, 'models')),
    sampleLibrary: e.VAT_SAMPLE_LIBRARY,
    worker: e.VAT_WORKER,
    workerConcurrency: e.VAT_WORKER_CONCURRENCY,
    poseThreads: e.VAT_POSE_THREADS,
    poseWarm: e.VAT_POSE_WARM,
    ingestParallelism: e.VAT_INGEST_PARALLELISM,
    watchSources: e.VAT_WATCH_SOURCES,
    logLevel: e.VAT_LOG_LEVEL,
    staticDir: path.resolve(e.VAT_STATIC_DIR ?? 'dist'),
    windowCacheBytes: e.VAT_WINDOW_CACHE_MB * 1024 * 1024,
    playbackCopiesBytes: e.VAT_PLAYBACK_COPIES_MB * 1024 * 1024,
    windowMaxBytes: Math.floor(e.VAT_WINDOW_MAX_MB * 1024 * 1024),
    testImportStallAfter: e.VAT_TEST_IMPORT_STALL_AFTER,
    strictResponses: e.VAT_STRICT_RESPONSES,
    auth: authConfigOf(e.HOST, e),
  };
}
