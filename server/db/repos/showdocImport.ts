// The ShowDoc import's bookkeeping (showdoc_import_map) and the id plumbing it needs: which ids a
// table may keep, fresh ids from a table's own sequence, and the sequence moved past kept ids.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import * as schema from '../schema';
import { attachments, showdocImportMap, users } from '../schema';

/** the Quire tables the import writes, by their SQL name */
export const IMPORT_TARGETS = {
  users: schema.users,
  teams: schema.teams,
  team_members: schema.teamMembers,
  items: schema.items,
  item_members: schema.itemMembers,
  team_items: schema.teamItems,
  team_item_members: schema.teamItemMembers,
  item_tokens: schema.itemTokens,
  item_stars: schema.itemStars,
  item_groups: schema.itemGroups,
  item_sort: schema.itemSort,
  catalogs: schema.catalogs,
  pages: schema.pages,
  page_history: schema.pageHistory,
  recycle: schema.recycle,
  single_pages: schema.singlePages,
  mocks: schema.mocks,
  templates: schema.templates,
  template_items: schema.templateItems,
  attachments: schema.attachments,
  attachment_pages: schema.attachmentPages,
} satisfies Record<string, PgTable>;

export type ImportTarget = keyof typeof IMPORT_TARGETS;

/** rows with their ids set, 100 per statement */
export async function insertRows(db: DbOrTx, target: ImportTarget, rows: Array<Record<string, unknown>>): Promise<void> {
  const table = IMPORT_TARGETS[target] as PgTable;
  for (let i = 0; i < rows.length; i += 100) await db.insert(table).values(rows.slice(i, i + 100) as never);
}

/** one row, unless a unique index already has its like: whether it was written */
export async function insertRowUnlessTaken(db: DbOrTx, target: ImportTarget, row: Record<string, unknown>): Promise<boolean> {
  const table = IMPORT_TARGETS[target] as PgTable;
  const got = await db.insert(table).values(row as never).onConflictDoNothing().returning({ one: sql<number>`1` });
  return got.length > 0;
}

/** every account's lower-cased name and confusable skeleton */
export async function accountNames(db: DbOrTx): Promise<Array<{ uid: number; name: string; skeleton: string | null }>> {
  const rows = await db.select({ uid: users.uid, name: sql<string>`lower(${users.username})`, skeleton: users.usernameSkeleton }).from(users);
  return rows;
}

/** personal domains items use, lower-cased */
export async function itemDomains(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ d: sql<string>`lower(${schema.items.itemDomain})` }).from(schema.items).where(sql`${schema.items.itemDomain} <> ''`);
  return new Set(rows.map((r) => r.d));
}

export async function firstAdmin(db: DbOrTx): Promise<{ uid: number; username: string } | undefined> {
  const [admin] = await db.select({ uid: users.uid, username: users.username }).from(users).where(eq(users.groupid, 1)).orderBy(asc(users.uid)).limit(1);
  return admin;
}

/** file id → sign, for files an earlier run imported */
export async function signsOfFiles(db: DbOrTx, fileIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < fileIds.length; i += 1000) {
    const part = fileIds.slice(i, i + 1000);
    for (const a of await db.select({ id: attachments.fileId, sign: attachments.sign }).from(attachments).where(inArray(attachments.fileId, part))) out.set(a.id, a.sign);
  }
  return out;
}

// node-postgres answers { rows }, PGlite the same; older drivers gave the array itself
const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));

/** source key → Quire id of every row of one source table an earlier run wrote */
export async function loadMap(db: DbOrTx, sourceTable: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: showdocImportMap.sourceKey, id: showdocImportMap.targetId })
    .from(showdocImportMap)
    .where(eq(showdocImportMap.sourceTable, sourceTable));
  return new Map(rows.map((r) => [r.key, r.id]));
}

export async function addMapRows(db: DbOrTx, sourceTable: string, rows: Array<[string, number]>, now: number): Promise<void> {
  if (!rows.length) return;
  // two ShowDoc files may name one path: the first keeps it
  await db
    .insert(showdocImportMap)
    .values(rows.map(([sourceKey, targetId]) => ({ sourceTable, sourceKey, targetId, addtime: now })))
    .onConflictDoNothing();
}

/**
 * How many rows of a Quire table this import did not make. Zero means ShowDoc's ids can be kept
 * (the table held nothing else when the first run decided).
 */
export async function foreignRows(db: DbOrTx, table: string, idColumn: string, sourceTable: string): Promise<number> {
  const r = await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} t where not exists (select 1 from showdoc_import_map m where m.source_table = ${sourceTable} and m.target_id = t.${sql.identifier(idColumn)})`,
  );
  return Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0);
}

/** n fresh ids from the table's serial sequence */
export async function nextIds(db: DbOrTx, table: string, idColumn: string, n: number): Promise<number[]> {
  if (n <= 0) return [];
  const r = await db.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, ${idColumn}))::int as id from generate_series(1, ${n}::int)`,
  );
  return rowsOf<{ id: number }>(r).map((x) => Number(x.id));
}

/** after rows were written with ShowDoc's ids: new rows continue above the highest */
export async function moveSequencePastIds(db: DbOrTx, table: string, idColumn: string): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${table}, ${idColumn}), greatest((select coalesce(max(${sql.identifier(idColumn)}), 0) from ${sql.identifier(table)}), 1))`,
  );
}

/** signs already used by files in Quire (a kept ShowDoc sign must not collide) */
export async function signsInUse(db: DbOrTx, signs: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < signs.length; i += 1000) {
    const part = signs.slice(i, i + 1000);
    const rows = await db.select({ sign: attachments.sign }).from(attachments).where(inArray(attachments.sign, part));
    for (const r of rows) out.add(r.sign);
  }
  return out;
}

