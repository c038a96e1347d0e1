// Reading and writing zips in tests: entries of a downloaded package, and hand-built archives.
import yauzl from 'yauzl';
import yazl from 'yazl';

/** Entry names in archive order and their contents. */
export async function readZip(buf: Buffer): Promise<{ names: string[]; files: Map<string, Buffer> }> {
  const zip = await new Promise<yauzl.ZipFile>((res, rej) =>
    yauzl.fromBuffer(buf, { lazyEntries: true }, (e, z) => (e ? rej(e) : res(z))),
  );
  const names: string[] = [];
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.openReadStream(entry, (e, s) => {
        if (e) return reject(e);
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c));
        s.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
        s.on('error', reject);
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return { names, files };
}

/** A zip of the given entries, in order. */
export async function makeZip(
  entries: Array<{ name: string; content: Buffer | string; mode?: number }>,
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    zip.addBuffer(
      Buffer.isBuffer(e.content) ? e.content : Buffer.from(e.content),
      e.name,
      e.mode ? { mode: e.mode } : {},
    );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
