// On the first start with an empty data dir: a sample source of generated clips, ingested.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import type { MediaService } from './media';

export async function ensureSampleLibrary(_d: { config: Config; database: Database; media: MediaService; log: FastifyBaseLogger }): Promise<void> {
  // filled in by the sample-media step
}
