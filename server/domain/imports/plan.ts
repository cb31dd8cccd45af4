// What an import will create, built from the uploaded file before anything is written: a tree
// of catalogs and pages, the files the pages reference (zip entries that become attachments),
// and what was left out and why. Every format reader produces one; write.ts writes it.

export type ImportFormat = 'showdoc' | 'markdown' | 'openapi' | 'postman';

/** A link in a page to a file of the archive: replaced by the attachment's URL once stored. */
export interface AssetLink {
  /** placeholder in the page content (private-use characters, never typed by anyone) */
  token: string;
  /** the archive path of the file */
  path: string;
  /** the text that was there, put back when the file cannot be stored */
  original: string;
  /** an image (![..](..), <img>) must be an image; other links may be any allowed type */
  image: boolean;
}

export interface PlanPage {
  title: string;
  content: string;
  sNumber?: number;
  comments?: string;
  /** where it came from, for the report: an archive path, 'GET /pets'… */
  source: string;
  assets?: AssetLink[];
}

export interface PlanCatalog {
  name: string;
  sNumber?: number;
  pages: PlanPage[];
  catalogs: PlanCatalog[];
}

export type PlanPassword =
  /** a random password nobody knows: private, open to the owner and members (ShowDoc's imports) */
  | { kind: 'random' }
  /** the visit password of a ShowDoc export (plaintext there) */
  | { kind: 'plain'; value: string }
  /** an argon2 hash from a Quire export */
  | { kind: 'hash'; value: string }
  | { kind: 'none' };

export interface Skip {
  /** file, entry or operation */
  name: string;
  /** already in the reader's language */
  reason: string;
}

export interface ImportPlan {
  format: ImportFormat;
  /** 'OpenAPI 3.0.3', 'Postman collection v2.1', 'ShowDoc export (info.json)' */
  formatLabel: string;
  /** for a new item */
  item: { name: string; description: string; itemType: number; password: PlanPassword };
  root: PlanCatalog;
  /** archive files that pages link to, by path */
  assets: Map<string, { name: string; read(maxBytes: number): Promise<Buffer> }>;
  skipped: Skip[];
}

export const emptyCatalog = (name = ''): PlanCatalog => ({ name, pages: [], catalogs: [] });

export function countPages(c: PlanCatalog): number {
  return c.pages.length + c.catalogs.reduce((n, k) => n + countPages(k), 0);
}

/** The child catalog of `parent` with this name, created when missing (plan-side, before writing). */
export function childNamed(parent: PlanCatalog, name: string): PlanCatalog {
  let c = parent.catalogs.find((k) => k.name === name);
  if (!c) parent.catalogs.push((c = emptyCatalog(name)));
  return c;
}

/** HTML-escaped text as ShowDoc stores it → the raw text Quire stores. */
export function unescapeShowdoc(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#0?39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[e as 'amp'] ?? "'");
}
