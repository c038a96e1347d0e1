// Drizzle schema: one schema for PGlite (embedded) and PostgreSQL (scale-out). This file only gathers the
// table files, which refer to each other's tables but never to this one; drizzle.config.ts and the
// server read the whole schema from here.
export * from './schema-core';
export * from './schema-jobs';
export * from './schema-review';
export * from './schema-tracks';
export * from './schema-auth';
export * from './schema-issues';
export * from './schema-detections';
