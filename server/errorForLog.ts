// How an error is written to the log: its message and stack, except that a failed query is named
// by its SQL text and its cause only. drizzle puts every parameter (whole page contents,
// password hashes) into the message and stack of the errors it throws; none of that is logged.
import { isQueryError } from './db/unavailable';

const MAX_SQL = 300;

function frames(stack: unknown): string {
  return typeof stack === 'string' ? stack.split('\n').filter((l) => /^\s+at /.test(l)).join('\n') : '';
}

function describe(e: any): string {
  if (isQueryError(e)) {
    const sql = String(e.query ?? '').replace(/\s+/g, ' ').slice(0, MAX_SQL);
    const cause = e.cause ? describe(e.cause) : 'no cause given';
    return `Failed query (parameters not logged): ${sql}\ncaused by: ${cause}`;
  }
  const head = `${e?.name ?? 'Error'}${e?.code ? ` [${e.code}]` : ''}: ${e?.message ?? String(e)}`;
  const at = frames(e?.stack);
  const cause = e?.cause instanceof Error ? `\ncaused by: ${describe(e.cause)}` : '';
  return (at ? `${head}\n${at}` : head) + cause;
}

export function errorForLog(e: Error): string {
  return describe(e);
}
