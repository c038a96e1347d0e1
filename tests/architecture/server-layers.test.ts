// The server's layers point one way. Each top-level folder (or file) of server/ stands on one layer, and
// it imports only from layers below its own: never back up, never sideways, so no two of them import
// each other and no file takes part in an import circle. Routes do HTTP only and go through services,
// never straight to the SQL, and a caller's video is looked up by one function (requireVisibleVideo).
// docs/ARCHITECTURE.md ("Layers") draws the same order.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, readImportGraph, type ImportEdge } from './import-graph';

/** From the top down; a folder ends in '/'. */
const LAYERS: { units: string[]; what: string }[] = [
  { units: ['main.ts', 'worker.ts'], what: 'the entry points: npm start, npm run worker' },
  { units: ['app.ts', 'startup.ts', 'workers.ts'], what: 'wiring: the Fastify app, the runtime, the queue workers' },
  { units: ['routes/'], what: 'HTTP only' },
  { units: ['http/'], what: 'request plumbing: identity, guards, the contract' },
  { units: ['jobs/'], what: 'the job kinds a worker runs, their registry, cancel and start-up recovery' },
  { units: ['services/'], what: 'the rules, with the job runner and the job rows' },
  { units: ['repositories/'], what: 'the SQL' },
  { units: ['queue.ts'], what: 'pg-boss and its queues' },
  { units: ['db/'], what: 'the connection and the schema' },
  { units: ['processing/'], what: 'the AI pipeline: frames in, tracks out' },
  { units: ['media/'], what: 'ffmpeg, ffprobe and npm tarballs' },
  { units: ['config.ts'], what: 'the environment' },
  { units: ['auth-config.ts'], what: 'the sign-in settings' },
  { units: ['domain-errors.ts'], what: 'the errors services throw' },
];

/** Folders a route may not import: it asks a service instead. */
const NOT_FROM_ROUTES = ['repositories/', 'db/'];

const server = path.join(import.meta.dirname, '../../server');
const { files, edges } = readImportGraph(server);

const unitOf = (file: string) => (file.includes('/') ? `${file.split('/')[0]}/` : file);
const layerOf = new Map(LAYERS.flatMap((l, i) => l.units.map((u) => [u, i] as const)));
const source = (file: string) => fs.readFileSync(path.join(server, file), 'utf8');
const show = (e: ImportEdge) => `server/${e.from} imports '${e.spec}' (server/${e.to})`;

describe('the import graph of server/', () => {
  it('is read: it holds the files and imports the layers are judged on', () => {
    expect(files).toContain('app.ts');
    expect(edges.some((e) => e.from.startsWith('routes/') && e.to.startsWith('services/'))).toBe(true);
  });

  it('puts every top-level folder and file of server/ on a layer', () => {
    const unplaced = [...new Set(files.map(unitOf))].filter((u) => !layerOf.has(u));
    expect(unplaced, 'add these to LAYERS (and to the layer diagram in docs/ARCHITECTURE.md)').toEqual([]);
  });

  it('has no import back up a layer or sideways within one', () => {
    const upward = edges
      .filter((e) => unitOf(e.from) !== unitOf(e.to))
      .filter((e) => (layerOf.get(unitOf(e.from)) ?? -1) >= (layerOf.get(unitOf(e.to)) ?? Infinity))
      .map(show);
    expect(upward).toEqual([]);
  });

  it('has no circle of files importing each other', () => {
    expect(importCircles(files, edges)).toEqual([]);
  });

  it('looks a video up for a caller in one place: services/videos.ts (and the request facts it is memoised by)', () => {
    const lookups = files.filter((f) => /\b(findLiveVideo|findVideoAnyStatus)\b/.test(source(f)));
    expect(lookups.filter((f) => !f.startsWith('repositories/')).sort()).toEqual([
      'services/read-facts.ts',
      'services/videos.ts',
    ]);
  });

  it('has no route importing a repository or the database: routes go through services', () => {
    const direct = edges
      .filter((e) => e.from.startsWith('routes/') && NOT_FROM_ROUTES.includes(unitOf(e.to)))
      .map(show);
    expect(direct).toEqual([]);
  });

  it('has the SQL in repositories/ alone: nothing else imports db/schema, and no repository throws a domain error', () => {
    const schemaUsers = edges
      .filter((e) => /^db\/schema(-[\w-]+)?\.ts$/.test(e.to) && !['repositories/', 'db/'].includes(unitOf(e.from)))
      .map(show);
    expect(schemaUsers).toEqual([]);
    const throwing = edges.filter((e) => e.from.startsWith('repositories/') && e.to === 'domain-errors.ts').map(show);
    expect(throwing).toEqual([]);
  });
});
