// Reads an uploaded annotation package and refuses anything unsafe or malformed before a single row is
// written: entry names that climb out ('..', absolute paths, backslashes) or are symbolic links, entries
// other than the manifest and video files, an archive whose entries declare or actually inflate to more
// than 100× its size, a manifest or video file that is not valid JSON of the format, a file whose sha256
// differs from the manifest's, numbers an edit could not store or more tracks than the import limits.
// Each refusal names the entry. Entries are inflated here (zlib works off the event loop); a video file's
// checks run where the import's parser puts them (package-video-check.ts, a worker thread when large).
import yauzl from 'yauzl';
import { MANIFEST_ENTRY, manifestSchema, type PackageManifest } from './package-format';
import { PackageError, parseEntry, safeRelPath, type CheckedPackageVideo } from './package-video-check';
import type { ImportParser } from '../imports/import-parser';

export { PackageError };

/** An archive may inflate to at most this many times its own size. */
export const MAX_EXPANSION = 100;
/** One entry is read into memory at a time; none may be larger than this. */
const MAX_ENTRY_BYTES = 1024 * 1024 * 1024;
const VIDEO_ENTRY = /^videos\/[^/]+\.json$/;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const isSymlink = (e: yauzl.Entry) => ((e.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (e, z) => (e ? reject(e) : resolve(z)),
    ),
  );
}

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  return new Promise((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

export class PackageReader {
  private inflated = 0;
  private constructor(
    private zip: yauzl.ZipFile,
    private entries: Map<string, yauzl.Entry>,
    private limit: number,
    readonly manifest: PackageManifest,
  ) {}

  /** Opens the archive and checks its directory and manifest; throws PackageError naming what is wrong. */
  static async open(file: string, archiveBytes: number): Promise<PackageReader> {
    let zip: yauzl.ZipFile;
    try {
      zip = await openZip(file);
    } catch (e) {
      throw new PackageError(`Not a zip archive: ${(e as Error).message}`);
    }
    try {
      let list: yauzl.Entry[];
      try {
        list = await listEntries(zip);
      } catch (e) {
        throw new PackageError(`Unsafe or damaged entry in the archive: ${(e as Error).message}`);
      }
      const limit = Math.max(archiveBytes, 1) * MAX_EXPANSION;
      const entries = new Map<string, yauzl.Entry>();
      let declared = 0;
      for (const e of list) {
        if (isSymlink(e)) throw new PackageError(`${e.fileName}: symbolic links are not allowed in a package`);
        if (e.fileName.endsWith('/')) continue; // a folder entry carries no data
        if (!safeRelPath(e.fileName)) throw new PackageError(`${e.fileName}: unsafe entry name`);
        if (e.fileName !== MANIFEST_ENTRY && !VIDEO_ENTRY.test(e.fileName))
          throw new PackageError(`${e.fileName}: not part of an annotation package`);
        if (entries.has(e.fileName)) throw new PackageError(`${e.fileName}: appears twice in the archive`);
        entries.set(e.fileName, e);
        declared += e.uncompressedSize;
      }
      if (declared > limit)
        throw new PackageError(`The archive would expand to more than ${MAX_EXPANSION}× its size; refused`);
      const reader = new PackageReader(zip, entries, limit, null as unknown as PackageManifest);
      if (!entries.has(MANIFEST_ENTRY)) throw new PackageError(`${MANIFEST_ENTRY}: missing from the archive`);
      const manifest = parseEntry(MANIFEST_ENTRY, await reader.read(MANIFEST_ENTRY), (j) => manifestSchema.parse(j));
      const listed = new Set<string>();
      for (const f of manifest.files) {
        if (!entries.has(f.path) || f.path === MANIFEST_ENTRY)
          throw new PackageError(`${MANIFEST_ENTRY}: lists ${f.path}, which is not in the archive`);
        if (listed.has(f.path)) throw new PackageError(`${MANIFEST_ENTRY}: lists ${f.path} twice`);
        listed.add(f.path);
      }
      for (const name of entries.keys())
        if (name !== MANIFEST_ENTRY && !listed.has(name))
          throw new PackageError(`${name}: not listed in ${MANIFEST_ENTRY}`);
      return Object.assign(reader, { manifest });
    } catch (e) {
      zip.close();
      throw e;
    }
  }

  /** The entry's bytes, counting what actually inflates against the archive's limit. */
  private read(name: string): Promise<Buffer> {
    const entry = this.entries.get(name)!;
    if (entry.uncompressedSize > MAX_ENTRY_BYTES)
      return Promise.reject(new PackageError(`${name}: larger than ${MAX_ENTRY_BYTES / 2 ** 20} MB`));
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(new PackageError(`${name}: ${err.message}`));
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => {
          this.inflated += c.length;
          if (this.inflated > this.limit) {
            stream.destroy();
            reject(new PackageError(`${name}: the archive expands to more than ${MAX_EXPANSION}× its size; refused`));
            return;
          }
          chunks.push(c);
        });
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', (e) => reject(new PackageError(`${name}: ${e.message}`)));
      });
    });
  }

  /**
   * A video file of the manifest, checked against its hash and the format (tracks included) by `parser`;
   * its rows as columns only `withRows` (a real run writes them).
   */
  async readVideo(
    file: PackageManifest['files'][number],
    parser: ImportParser,
    withRows = false,
  ): Promise<CheckedPackageVideo> {
    return parser.checkPackageVideo(file, await this.read(file.path), withRows);
  }

  close(): void {
    this.zip.close();
  }
}
