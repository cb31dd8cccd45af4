// The files of an uploaded zip as the readers see them: system clutter left out (__MACOSX,
// .DS_Store, Thumbs.db, dot folders), and the one folder everything sits in — what zipping a
// folder produces — taken off the paths (its name is the item's name).
import type { ZipArchive, ZipEntry } from '../zip/reader';

const JUNK = /(^|\/)(__MACOSX|\.git|\.svn|\.idea|\.vscode|node_modules)(\/|$)|(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$|(^|\/)\._[^/]*$/i;

export class ArchiveFiles {
  /** path (without the common folder) → entry */
  readonly files = new Map<string, ZipEntry>();
  private readonly lower = new Map<string, string>();
  /** the folder every file sat in, '' when none */
  readonly folder: string;

  constructor(private readonly zip: ZipArchive) {
    const kept = zip.entries.filter((e) => !e.isDir && !JUNK.test(e.path));
    const tops = new Set(kept.map((e) => (e.path.includes('/') ? e.path.split('/')[0] : '')));
    const single = tops.size === 1 && !tops.has('') ? [...tops][0] : '';
    this.folder = single;
    for (const e of kept) {
      const path = this.folder ? e.path.slice(this.folder.length + 1) : e.path;
      if (!path || this.files.has(path)) continue;
      this.files.set(path, e);
      if (!this.lower.has(path.toLowerCase())) this.lower.set(path.toLowerCase(), path);
    }
  }

  find(path: string): string | undefined {
    return this.files.has(path) ? path : this.lower.get(path.toLowerCase());
  }

  read(path: string, maxBytes?: number): Promise<Buffer> {
    const e = this.files.get(path);
    if (!e) throw new Error(`no such entry ${path}`);
    return this.zip.read(e, maxBytes);
  }

  /** the paths, in a stable reading order (natural: 2 before 10) */
  paths(): string[] {
    return [...this.files.keys()].sort(naturalCompare);
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Folder by folder, numbers by value: a/2.md, a/10.md, b/1.md. */
export function naturalCompare(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    // files of a folder come before its sub-folders
    const fa = i === pa.length - 1;
    const fb = i === pb.length - 1;
    if (fa !== fb) return fa ? -1 : 1;
    const c = collator.compare(pa[i], pb[i]);
    if (c !== 0) return c;
  }
  return pa.length - pb.length;
}
