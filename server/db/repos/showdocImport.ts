// The ShowDoc import's bookkeeping (showdoc_import_map) and the id plumbing it needs: which ids a
// table may keep, fresh ids from a table's own sequence, and the sequence moved past kept ids.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { attachments, showdocImportMap } from '../schema';

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

export async function signOf(db: DbOrTx, fileId: number): Promise<string | null> {
  const [r] = await db.select({ sign: attachments.sign }).from(attachments).where(and(eq(attachments.fileId, fileId)));
  return r?.sign ?? null;
}
