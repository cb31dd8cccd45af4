// executeNamed / executeOnce on embedded PGlite: one call into the engine, answers like
// db.execute, recovers from errors, and never slips into another caller's transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';
import { executeNamed, executeOnce } from './prepared';
import { createLogger } from '../logger';

let database: Database;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: null, log: createLogger('error') });
  await database.db.execute(sql`create table notes (id int primary key, body text not null, score bigint, flag boolean)`);
}, 60_000);
afterAll(() => database?.close());

const upsert = (id: number, body: string | null, flag: boolean | null = true) =>
  sql`insert into notes (id, body, score, flag) values (${id}, ${body}, ${id * 10}, ${flag})
      on conflict (id) do update set body = excluded.body returning id, body, score, flag, null::text as nothing`;

const prepared = async () =>
  rowsOf<{ name: string; statement: string }>(await database.db.execute(sql`select name, statement from pg_prepared_statements`));

describe('executeNamed on PGlite', () => {
  it('answers with the values db.execute gives, and parses the statement once', async () => {
    const first = await executeNamed<any>(database.db, 'note_upsert', upsert(1, 'hello ✓ 你好'));
    expect(first).toEqual([{ id: 1, body: 'hello ✓ 你好', score: 10, flag: true, nothing: null }]);
    const again = await executeNamed<any>(database.db, 'note_upsert', upsert(1, "it's 'quoted'"));
    expect(again[0].body).toBe("it's 'quoted'");
    const plain = rowsOf(await database.db.execute(sql`select id, body, score, flag, null::text as nothing from notes where id = 1`));
    expect(again).toEqual(plain);

    const named = (await prepared()).filter((p) => p.name.startsWith('note_upsert_'));
    expect(named).toHaveLength(1);
    expect(named[0].statement).toContain('insert into notes');
  });

  it('throws the database error and keeps working afterwards', async () => {
    // body is not null: the insert fails at execution, after the statement was prepared
    await expect(executeNamed(database.db, 'note_upsert', upsert(2, null))).rejects.toThrow(/null value/);
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from notes where id = 2`))).toEqual([{ n: 0 }]);
    expect(await executeNamed(database.db, 'note_upsert', upsert(2, 'after the error', false))).toEqual([
      { id: 2, body: 'after the error', score: 20, flag: false, nothing: null },
    ]);
    await expect(executeNamed(database.db, 'broken', sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
  });

  it('waits for another caller\'s transaction instead of running inside it', async () => {
    let inside!: () => void;
    const started = new Promise<void>((r) => (inside = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (3, 'in the transaction')`);
        inside();
        await held;
        tx.rollback();
      })
      .catch(() => 'rolled back');
    await started;
    const outside = executeNamed(database.db, 'note_upsert', upsert(4, 'outside'));
    release();
    expect(await rolledBack).toBe('rolled back');
    expect((await outside)[0]).toMatchObject({ id: 4 });
    const ids = rowsOf<{ id: number }>(await database.db.execute(sql`select id from notes where id in (3, 4) order by id`));
    expect(ids).toEqual([{ id: 4 }]);
  });

  it('inside a transaction runs as part of it', async () => {
    await database.db
      .transaction(async (tx) => {
        expect((await executeNamed(tx, 'note_upsert', upsert(5, 'rolled back with the transaction')))[0]).toMatchObject({ id: 5 });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from notes where id = 5`))).toEqual([{ n: 0 }]);
  });
});

describe('executeOnce on PGlite', () => {
  it('answers like db.execute, planned for the values, with no statement kept', async () => {
    const query = sql`select id, body, score, flag from notes where id = any(string_to_array(${'1,2,4'}, ',')::int[]) and body like ${'%'} order by id`;
    const once = await executeOnce(database.db, query);
    expect(once.map((r: any) => r.id)).toEqual([1, 2, 4]);
    expect(once).toEqual(rowsOf(await database.db.execute(query)));
    expect((await prepared()).filter((p) => !p.name.startsWith('note_upsert_'))).toEqual([]);
  });

  it('throws the database error and keeps working afterwards; values it cannot send go the usual way', async () => {
    await expect(executeOnce(database.db, sql`select 1 / ${0}::int as n`)).rejects.toThrow(/division by zero/);
    expect(await executeOnce(database.db, sql`select ${'a'} || ${7} as s, ${true}::boolean as b`)).toEqual([{ s: 'a7', b: true }]);
    // a JSON value needs query()'s serialiser
    expect(await executeOnce(database.db, sql`select (${JSON.stringify({ a: 1 })}::jsonb ->> 'a')::int as a`)).toEqual([{ a: 1 }]);
    // a Date needs query()'s serialiser (its String() form is no timestamp PostgreSQL reads)
    const dated = sql`select ${new Date(86_400_000)}::timestamptz = 'epoch'::timestamptz + interval '1 day' as right_day`;
    expect(await executeOnce(database.db, dated)).toEqual([{ right_day: true }]);
  });
});
