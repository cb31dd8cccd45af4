// Statements a hot path runs thousands of times a second with the same text: PostgreSQL parses
// and plans a named statement once per connection instead of on every call (the page save's
// statement spent 0.45 ms planning per call, half its execution time). Only for statements whose
// best plan does not depend on the values (lookups and writes by key); a search, whose plan turns
// on how common the keyword is, must stay unnamed. Embedded PGlite gets its own path
// (pgliteExec.ts); inside a PGlite transaction the statement runs as usual.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { executeNamedPglite, executeOncePglite, isPglite, plainValues } from './pgliteExec';

interface DrizzleInternals {
  dialect: PgDialect;
  _: { session: PgSession & { client?: unknown } };
}

/** each text's name, worked out once (the texts are fixed: see executeNamed) */
const names = new Map<string, string>();
/** a name always means one text (node-postgres refuses a name reused for another text) */
function nameFor(label: string, text: string): string {
  const key = `${label}\n${text}`;
  let name = names.get(key);
  if (name === undefined) names.set(key, (name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`));
  return name;
}

/**
 * Runs `query` as the named statement `label_<hash of its text>`; returns its rows as db.execute
 * does. The text must not vary with the values (no lists spliced in): each text is kept on every
 * connection for its life.
 */
export async function executeNamed<Row>(db: DbOrTx, label: string, query: SQL): Promise<Row[]> {
  const d = db as unknown as DrizzleInternals;
  const built = d.dialect.sqlToQuery(query);
  const client = d._.session.client;
  if (isPglite(client)) return executeNamedPglite<Row>(client, nameFor(label, built.sql), built.sql, built.params);
  const result = await d._.session.prepareQuery(built, undefined, nameFor(label, built.sql), false).execute();
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * Runs `query` planned for its values, as db.execute does, and returns its rows; on embedded
 * PGlite in one call into the engine instead of six (pgliteExec.ts). For hot statements whose
 * plan depends on the values (search).
 */
export async function executeOnce<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const d = db as unknown as DrizzleInternals;
  const client = d._.session.client;
  if (isPglite(client)) {
    const built = d.dialect.sqlToQuery(query);
    if (plainValues(built.params)) return executeOncePglite<Row>(client, built.sql, built.params);
  }
  return (((await db.execute(query)) as unknown as { rows: Row[] }).rows);
}
