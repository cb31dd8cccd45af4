// Reads a ShowDoc installation's SQLite file (Sqlite/showdoc.db.php) for the import of #21.
// sql.js (SQLite compiled to WebAssembly) holds the file in memory: the source is never written
// to, and one node_modules serves Node 20, 22 and 24 (no native build).
// Opening checks that the file is SQLite, is intact, is ShowDoc's, and has every table and column
// the import reads; rows come out typed, in primary-key order, content as ShowDoc stores it
// (HTML-escaped; history decompressed).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { ErrorCode } from '../../../shared/errors';
import { ApiError } from '../../errors';
import { decodeHistoryContent } from './historyContent';

/** Tables and columns the import needs; a database without one of them is of a version we do not know. */
export const REQUIRED_COLUMNS: Record<string, readonly string[]> = {
  user: ['uid', 'username', 'groupid', 'name', 'email', 'password', 'salt', 'reg_time', 'last_login_time'],
  options: ['option_name', 'option_value'],
  item: ['item_id', 'item_name', 'item_description', 'uid', 'username', 'password', 'addtime', 'last_update_time', 'item_domain', 'item_type', 'is_archived', 'is_del'],
  item_member: ['item_member_id', 'item_id', 'uid', 'username', 'member_group_id', 'cat_id'],
  catalog: ['cat_id', 'cat_name', 'item_id', 's_number', 'addtime', 'parent_cat_id', 'level'],
  page: ['page_id', 'author_uid', 'author_username', 'item_id', 'cat_id', 'page_title', 'page_content', 's_number', 'addtime', 'page_comments', 'is_del'],
  page_history: ['page_history_id', 'page_id', 'author_uid', 'author_username', 'item_id', 'cat_id', 'page_title', 'page_content', 's_number', 'addtime', 'page_comments'],
  recycle: ['item_id', 'page_id', 'del_by_uid', 'del_time'],
  single_page: ['unique_key', 'page_id'],
  item_token: ['item_id', 'api_key', 'api_token'],
  item_top: ['item_id', 'uid'],
  team: ['id', 'team_name', 'uid'],
  team_member: ['team_id', 'member_uid'],
  team_item: ['team_id', 'item_id'],
  team_item_member: ['team_id', 'item_id', 'member_group_id', 'member_uid', 'cat_id'],
  template: ['id', 'uid', 'template_title', 'template_content', 'addtime'],
  mock: ['unique_key', 'uid', 'page_id', 'item_id', 'template', 'path'],
  upload_file: ['file_id', 'sign', 'display_name', 'file_type', 'file_size', 'uid', 'item_id', 'addtime', 'real_url'],
  file_page: ['file_id', 'page_id', 'item_id'],
};

/** Tables every ShowDoc database has had since its first release: none of them, not ShowDoc's. */
const SHOWDOC_CORE = ['user', 'item', 'page', 'catalog'];

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

export interface ShowdocUser {
  uid: number;
  username: string;
  /** 1 = admin, 2 = user */
  groupId: number;
  name: string;
  email: string;
  /** legacy md5 scheme (32 hex, with `salt`) or bcrypt `$2y$` (salt empty) */
  passwordHash: string;
  salt: string;
  regTime: number;
  lastLoginTime: number;
}

export interface ShowdocItem {
  itemId: number;
  name: string;
  description: string;
  ownerUid: number;
  ownerUsername: string;
  /** the plaintext visit password; empty = public */
  password: string;
  domain: string;
  /** 1 regular, 2 single page, 3 RunApi, 4 spreadsheet, 5 whiteboard, 6 kanban */
  type: number;
  archived: boolean;
  deleted: boolean;
  addTime: number;
  /** also the deletion time of a deleted item */
  lastUpdateTime: number;
}

export interface ShowdocCatalog {
  catId: number;
  itemId: number;
  name: string;
  /** 0 = top level */
  parentCatId: number;
  /** 2 = top level, children parent + 1 */
  level: number;
  sNumber: number;
  addTime: number;
}

export interface ShowdocPage {
  pageId: number;
  itemId: number;
  /** 0 = item root */
  catId: number;
  title: string;
  /** HTML-escaped, as ShowDoc stores it */
  content: string;
  authorUid: number;
  authorUsername: string;
  sNumber: number;
  /** last modification (and deletion) time */
  updatedAt: number;
  /** creation time; 0 in databases older than the column */
  createdAt: number;
  comments: string;
  deleted: boolean;
  /** JSON string of RunApi pages, '' when absent */
  extInfo: string;
}

export interface ShowdocPageHistory {
  historyId: number;
  pageId: number;
  itemId: number;
  catId: number;
  title: string;
  /** decompressed when stored compressed; still HTML-escaped */
  content: string;
  /** stored as base64(zlib) by the classic back end */
  wasCompressed: boolean;
  authorUid: number;
  authorUsername: string;
  sNumber: number;
  addTime: number;
  comments: string;
}

export interface ShowdocMember {
  memberId: number;
  itemId: number;
  uid: number;
  username: string;
  /** member_group_id: 0 read only, 1 editor, 2 item manager */
  role: number;
  /** cat_ids: the catalogs the member is limited to; empty = the whole item */
  limitedTo: number[];
}

export interface ShowdocSourceDb {
  readonly file: string;
  /** option db_version_num, when set */
  readonly schemaVersion: number | null;
  options(): Map<string, string>;
  users(): Generator<ShowdocUser>;
  items(): Generator<ShowdocItem>;
  catalogs(): Generator<ShowdocCatalog>;
  pages(): Generator<ShowdocPage>;
  pageHistory(): Generator<ShowdocPageHistory>;
  members(): Generator<ShowdocMember>;
  count(table: string): number;
  /** every row of a table (none when this database has no such table), in rowid order */
  raw(table: string): Generator<SourceRow>;
  /** whether the table exists and has the column */
  has(table: string, column?: string): boolean;
  close(): void;
}

// loaded with the first ShowDoc import (memory: DESIGN §7)
let sqlJs: Promise<SqlJsStatic> | undefined;

/** Opens a ShowDoc database file read-only, refusing anything the import could not read completely. */
export async function openShowdocDb(file: string): Promise<ShowdocSourceDb> {
  const name = path.basename(file);
  const bytes = await fs.readFile(file);
  if (bytes.length < 100 || !bytes.subarray(0, 16).equals(SQLITE_MAGIC)) {
    throw new ApiError(ErrorCode.VALIDATION, '{name} is not a SQLite database; choose the file Sqlite/showdoc.db.php of the ShowDoc installation', { name });
  }
  const SQL = await (sqlJs ??= import('sql.js').then((m) => m.default()));
  let db: Database;
  try {
    db = new SQL.Database(bytes);
  } catch (e) {
    throw damaged(name, e);
  }
  try {
    checkIntact(db, name);
    checkSchema(db, name);
  } catch (e) {
    db.close();
    throw e;
  }
  return new SourceDb(db, file);
}

const damaged = (name: string, e: unknown) =>
  new ApiError(ErrorCode.VALIDATION, 'The SQLite database {name} is damaged ({detail}); nothing was imported', {
    name,
    detail: e instanceof Error ? e.message : String(e),
  });

function checkIntact(db: Database, name: string) {
  let result: string[];
  try {
    // quick_check reads every page of the file without the index cross-checks of integrity_check
    result = (db.exec('PRAGMA quick_check')[0]?.values ?? []).map((r) => String(r[0]));
  } catch (e) {
    throw damaged(name, e);
  }
  if (result.join() !== 'ok') throw damaged(name, result.slice(0, 3).join('; '));
}

function tableColumns(db: Database): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  const names = db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? [];
  for (const [t] of names) {
    const cols = db.exec(`SELECT name FROM pragma_table_info(${quoteLiteral(String(t))})`)[0]?.values ?? [];
    tables.set(String(t), new Set(cols.map((c) => String(c[0]))));
  }
  return tables;
}

function checkSchema(db: Database, name: string) {
  const tables = tableColumns(db);
  if (!SHOWDOC_CORE.some((t) => tables.has(t))) {
    throw new ApiError(ErrorCode.VALIDATION, '{name} is a SQLite database but not a ShowDoc database (it has no user, item, page or catalog table)', { name });
  }
  const missingTables: string[] = [];
  const missingColumns: string[] = [];
  for (const [table, columns] of Object.entries(REQUIRED_COLUMNS)) {
    const have = tables.get(table);
    if (!have) missingTables.push(table);
    else for (const c of columns) if (!have.has(c)) missingColumns.push(`${table}.${c}`);
  }
  if (missingTables.length || missingColumns.length) {
    throw new ApiError(ErrorCode.VALIDATION, 'This ShowDoc database is of a version Quire cannot import (missing tables: {tables}; missing columns: {columns}). Open it once with a current ShowDoc, which upgrades its database, then try again', {
      tables: missingTables.join(', ') || '-',
      columns: missingColumns.join(', ') || '-',
    });
  }
}

const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** a number column; junk (ShowDoc's loose typing lets anything in) reads as 0 */
export const num = (v: SqlValue | undefined) => {
  const n = v === null || v === undefined || v === '' ? 0 : Number(v);
  return Number.isFinite(n) ? n : 0;
};
export const str = (v: SqlValue | undefined) => (v === null || v === undefined ? '' : v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : String(v));

/** "3,7, 9" (and the older single cat_id) → [3, 7, 9]; 0 and junk mean no limit */
export function parseCatIds(list: string, single: number): number[] {
  const ids = list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return ids.length ? [...new Set(ids)] : single > 0 ? [single] : [];
}

export type SourceRow = Record<string, SqlValue>;
type Row = SourceRow;

class SourceDb implements ShowdocSourceDb {
  readonly schemaVersion: number | null;
  private readonly columns: Map<string, Set<string>>;

  constructor(
    private readonly db: Database,
    readonly file: string,
  ) {
    this.columns = tableColumns(db);
    const v = this.options().get('db_version_num');
    this.schemaVersion = v && /^\d+$/.test(v) ? Number(v) : null;
  }

  /** a column added by later ShowDoc versions, or a default under its name when this file predates it */
  private optional(table: string, column: string, fallback: string) {
    return this.columns.get(table)?.has(column) ? `"${column}"` : `${fallback} AS "${column}"`;
  }

  private *rows(sql: string): Generator<Row> {
    const stmt = this.db.prepare(sql);
    try {
      while (stmt.step()) yield stmt.getAsObject();
    } finally {
      stmt.free();
    }
  }

  options() {
    const out = new Map<string, string>();
    for (const r of this.rows('SELECT option_name, option_value FROM options')) out.set(str(r.option_name), str(r.option_value));
    return out;
  }

  count(table: string) {
    if (!this.columns.has(table)) return 0;
    return num(this.db.exec(`SELECT count(*) FROM "${table.replace(/"/g, '""')}"`)[0]?.values[0]?.[0]);
  }

  *users() {
    for (const r of this.rows('SELECT * FROM user ORDER BY uid')) {
      yield {
        uid: num(r.uid),
        username: str(r.username),
        groupId: num(r.groupid),
        name: str(r.name),
        email: str(r.email),
        passwordHash: str(r.password),
        salt: str(r.salt),
        regTime: num(r.reg_time),
        lastLoginTime: num(r.last_login_time),
      } satisfies ShowdocUser;
    }
  }

  *items() {
    for (const r of this.rows('SELECT * FROM item ORDER BY item_id')) {
      yield {
        itemId: num(r.item_id),
        name: str(r.item_name),
        description: str(r.item_description),
        ownerUid: num(r.uid),
        ownerUsername: str(r.username),
        password: str(r.password),
        domain: str(r.item_domain),
        type: num(r.item_type) || 1,
        archived: num(r.is_archived) === 1,
        deleted: num(r.is_del) === 1,
        addTime: num(r.addtime),
        lastUpdateTime: num(r.last_update_time),
      } satisfies ShowdocItem;
    }
  }

  *catalogs() {
    for (const r of this.rows('SELECT * FROM catalog ORDER BY cat_id')) {
      yield {
        catId: num(r.cat_id),
        itemId: num(r.item_id),
        name: str(r.cat_name),
        parentCatId: num(r.parent_cat_id),
        level: num(r.level) || 2,
        sNumber: num(r.s_number),
        addTime: num(r.addtime),
      } satisfies ShowdocCatalog;
    }
  }

  *pages() {
    const extra = [this.optional('page', 'page_addtime', '0'), this.optional('page', 'ext_info', "''")].join(', ');
    for (const r of this.rows(`SELECT page_id, item_id, cat_id, page_title, page_content, author_uid, author_username, s_number, addtime, page_comments, is_del, ${extra} FROM page ORDER BY page_id`)) {
      yield {
        pageId: num(r.page_id),
        itemId: num(r.item_id),
        catId: num(r.cat_id),
        title: str(r.page_title),
        content: str(r.page_content),
        authorUid: num(r.author_uid),
        authorUsername: str(r.author_username),
        sNumber: num(r.s_number),
        updatedAt: num(r.addtime),
        createdAt: num(r.page_addtime),
        comments: str(r.page_comments),
        deleted: num(r.is_del) === 1,
        extInfo: str(r.ext_info),
      } satisfies ShowdocPage;
    }
  }

  *pageHistory() {
    for (const r of this.rows('SELECT * FROM page_history ORDER BY page_history_id')) {
      const { content, compressed } = decodeHistoryContent(str(r.page_content));
      yield {
        historyId: num(r.page_history_id),
        pageId: num(r.page_id),
        itemId: num(r.item_id),
        catId: num(r.cat_id),
        title: str(r.page_title),
        content,
        wasCompressed: compressed,
        authorUid: num(r.author_uid),
        authorUsername: str(r.author_username),
        sNumber: num(r.s_number),
        addTime: num(r.addtime),
        comments: str(r.page_comments),
      } satisfies ShowdocPageHistory;
    }
  }

  *members() {
    const catIds = this.optional('item_member', 'cat_ids', "''");
    for (const r of this.rows(`SELECT item_member_id, item_id, uid, username, member_group_id, cat_id, ${catIds} FROM item_member ORDER BY item_member_id`)) {
      yield {
        memberId: num(r.item_member_id),
        itemId: num(r.item_id),
        uid: num(r.uid),
        username: str(r.username),
        role: num(r.member_group_id),
        limitedTo: parseCatIds(str(r.cat_ids), num(r.cat_id)),
      } satisfies ShowdocMember;
    }
  }

  *raw(table: string) {
    if (!this.columns.has(table)) return;
    yield* this.rows(`SELECT * FROM "${table.replace(/"/g, '""')}" ORDER BY rowid`);
  }

  has(table: string, column?: string) {
    const cols = this.columns.get(table);
    return !!cols && (column === undefined || cols.has(column));
  }

  close() {
    this.db.close();
  }
}
