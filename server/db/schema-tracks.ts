// Drizzle schema of the track versions. Re-exported by schema.ts, so it is part of the one schema.
import { pgTable, integer, text, boolean, timestamp, primaryKey } from 'drizzle-orm/pg-core';
import { videos } from './schema-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// A track's version (bumped by every change of its boxes; range calls send it) and whether a person drew it.
// No row = version 1, AI-made; rows outlive their track, so a deleted id is never handed out again.
export const annotationTracks = pgTable(
  'annotation_tracks',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    trackId: integer('track_id').notNull(),
    version: integer('version').notNull().default(1),
    humanMade: boolean('human_made').notNull().default(false),
    updatedById: text('updated_by_id'),
    updatedAt: ts('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.trackId] })],
);
