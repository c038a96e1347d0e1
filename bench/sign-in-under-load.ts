// Benchmark of password hashing as a lever for denial of service: how long a real sign-in takes while 16
// clients send bogus password resets (random link tokens, a strong new password), against the same sign-in
// on a quiet server. Password mode over loopback, PGlite in memory, scrypt at full cost. The flood comes
// from a worker thread (addresses sent as X-Forwarded-For behind a trusted proxy) in two forms: each client
// from its own address (16 machines), and each request from a new address (a botnet: the worst case for
// the per-address throttle, so what is left is the cost of refusing a bogus link at all).
// Run: npx tsx bench/sign-in-under-load.ts   (VAT_BENCH_SIGN_INS=8 sign-ins per phase)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { createMediaService } from '../server/media/media-service';
import { hashPassword } from '../server/services/auth/passwords';
import { passwordHashing } from '../server/services/auth/hash-queue';
import { setPasswordHash } from '../server/repositories/auth-users';
import { users } from '../server/db/schema';
import { median, pct } from './annotate-common';

const SIGN_INS = Number(process.env.VAT_BENCH_SIGN_INS ?? 8);
const CLIENTS = 16;
const PASSWORD = 'correct horse staple';

/** The flood, in plain JS for a worker thread: CLIENTS loops of bogus resets until told to stop. */
const FLOOD_JS = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, clients, rotate } = workerData;
let stop = false; const statuses = {}; let sent = 0; let n = 0;
parentPort.on('message', () => { stop = true; });
const token = () => Array.from({ length: 43 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');
async function client(c) {
  while (!stop) {
    n += 1;
    const from = rotate ? '10.66.' + ((n >> 8) & 255) + '.' + (n & 255) : '10.77.0.' + c;
    const res = await fetch(url + '/api/v1/auth/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ token: token(), new_password: 'a bogus new password 42' }),
    }).catch(() => null);
    if (res) { await res.arrayBuffer(); statuses[res.status] = (statuses[res.status] || 0) + 1; }
    sent += 1;
  }
}
Promise.all(Array.from({ length: clients }, (_, c) => client(c))).then(() => parentPort.postMessage({ statuses, sent }));
`;

async function signIn(url: string): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.1' },
    body: JSON.stringify({ id: 'owner', password: PASSWORD }),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

async function phase(url: string, label: string) {
  const cpu0 = process.cpuUsage();
  const hashes0 = passwordHashing.stats().started;
  let queued = 0; // the longest line of hashes seen while the phase ran
  const sampler = setInterval(() => {
    const w = passwordHashing.stats().waiting;
    queued = Math.max(queued, w['sign-in'] + w.change);
  }, 20);
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  for (let i = 0; i < SIGN_INS; i++) {
    const r = await signIn(url);
    times.push(r.ms);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  }
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  const hashes = passwordHashing.stats().started - hashes0;
  const f = (v: number) => `${(v / 1000).toFixed(2)} s`;
  console.log(
    `${label}: sign-in p50 ${f(median(times))}, p90 ${f(pct(times, 90))}, max ${f(Math.max(...times))} ` +
      `(n=${times.length}, answers ${JSON.stringify(statuses)}); ${hashes} hashes, at most ${queued} waiting; ` +
      `process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; ` +
      `load ${os.loadavg()[0].toFixed(1)}`,
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-signin-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    VAT_LOG_LEVEL: 'silent',
    VAT_AUTH: 'password',
    VAT_TRUSTED_PROXIES: '127.0.0.1',
    VAT_STATIC_DIR: path.join(dataDir, 'no-static'),
  });
  const database = await connectDatabase({}); // PGlite in memory
  const app = await buildApp({
    config,
    database,
    media: createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }),
  });
  await database.db.insert(users).values({ id: 'owner', role: 'admin' });
  await setPasswordHash(database.db, 'owner', await hashPassword(PASSWORD), false, new Date());
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`sign-in under a flood of bogus resets: ${CLIENTS} clients, ${os.cpus().length} cores`);

  await phase(url, 'quiet server');
  for (const rotate of [false, true]) {
    const flood = new Worker(FLOOD_JS, { eval: true, workerData: { url, clients: CLIENTS, rotate } });
    await new Promise((r) => setTimeout(r, 1_000)); // let the flood fill the server's queues first
    const label = `${CLIENTS} reset clients, ${rotate ? 'a new address per request' : 'one address each'}`;
    await phase(url, label);
    flood.postMessage('stop');
    const out = await new Promise<{ statuses: Record<string, number>; sent: number }>((r) => flood.once('message', r));
    console.log(`  the flood sent ${out.sent} resets, answered ${JSON.stringify(out.statuses)}`);
    await flood.terminate();
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

void main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
