// Copies one ShowDoc table into one Quire table, in batches. Each batch is one transaction that
// writes the rows and their entries in showdoc_import_map together: a run killed at any moment
// leaves whole batches, and the next run skips every row the map already has (resume; a second run
// writes nothing). Ids: ShowDoc's are kept when the Quire table held nothing else the first time
// (links like /<item_id> and /page/<page_id> keep working), otherwise fresh ids come from the
// table's sequence and the report lists what changed.
import type { AppDeps } from '../../deps';
import type { MessageVars } from '../../../shared/messages';
import * as repo from '../../db/repos/showdocImport';
import type { ShowdocImportReport } from './types';

const BATCH = 500;
const REPORT_MAX = 1000;

/** a row that is not imported, and why (an English message template) */
export class Skip {
  constructor(
    readonly reason: string,
    readonly vars?: MessageVars,
  ) {}
}

export interface TableCopy<S> {
  /** ShowDoc's table (the map's and the report's name for it) */
  source: string;
  /** Quire's table and its serial id column (as in SQL) */
  targetName: repo.ImportTarget;
  idColumn: string;
  /** the drizzle property of the id column in a row to insert */
  idField: string;
  rows: Iterable<S>;
  key(s: S): string;
  /** ShowDoc's numeric id, kept when the Quire table allows (omit: never kept) */
  sourceId?(s: S): number;
  /**
   * the Quire row (without its id), a Skip, or a Quire id the row is merged into (nothing written;
   * the map points there)
   */
  convert(s: S): Skip | number | Record<string, unknown> | Promise<Skip | number | Record<string, unknown>>;
  /** a unique index may refuse the row: written one by one, a refused row is skipped with this reason */
  conflictReason?: string;
  /** more map entries for a written row (e.g. the file path of an attachment) */
  extraMap?(s: S, id: number): Array<[table: string, key: string, id: number]>;
  /** after the row's batch is written (or counted, in a dry run) */
  written?(s: S, id: number): void;
}

export class ImportRun {
  private readonly maps = new Map<string, Map<string, number>>();
  private fakeId = -1;
  readonly report: ShowdocImportReport;

  constructor(
    readonly deps: AppDeps,
    readonly dryRun: boolean,
    private readonly onBatch: (done: number) => Promise<void>,
    private readonly signal?: AbortSignal,
  ) {
    this.report = {
      dryRun,
      keptIds: {},
      tables: {},
      tableOrder: [],
      skipped: [],
      skippedTotal: 0,
      missingFiles: [],
      missingFilesTotal: 0,
      idMap: { item: [], catalog: [], page: [] },
      mergedUsers: [],
      seconds: 0,
    };
  }

  /** the map of a source table (loaded once per run) */
  async map(source: string): Promise<Map<string, number>> {
    let m = this.maps.get(source);
    if (!m) {
      m = await repo.loadMap(this.deps.db, source);
      this.maps.set(source, m);
    }
    return m;
  }

  /** the Quire id of a ShowDoc row written by this or an earlier run (undefined: not imported) */
  idOf(source: string, key: string | number): number | undefined {
    return this.maps.get(source)?.get(String(key));
  }

  skip(table: string, key: string, reason: string, vars?: MessageVars) {
    this.report.skippedTotal++;
    this.count(table).skipped++;
    if (this.report.skipped.length < REPORT_MAX) this.report.skipped.push({ table, key, reason, ...(vars ? { vars } : {}) });
  }

  /** a row imported with a change the report must tell (listed with the skipped rows, not counted as one) */
  adjusted(table: string, key: string, reason: string, vars?: MessageVars) {
    this.report.skippedTotal++;
    if (this.report.skipped.length < REPORT_MAX) this.report.skipped.push({ table, key, reason, ...(vars ? { vars } : {}) });
  }

  missingFile(path: string) {
    this.report.missingFilesTotal++;
    if (this.report.missingFiles.length < REPORT_MAX) this.report.missingFiles.push(path);
  }

  count(table: string) {
    if (!this.report.tables[table]) this.report.tableOrder.push(table);
    return (this.report.tables[table] ??= { source: 0, imported: 0, already: 0, skipped: 0 });
  }

  /**
   * Whether this Quire table keeps ShowDoc's ids. Decided on the first run and remembered in the
   * map, so a resumed run decides the same (by then the table holds the first run's rows).
   */
  private async keepIds(copy: TableCopy<unknown>): Promise<boolean> {
    const decisions = await this.map('#keep-ids');
    const known = decisions.get(copy.targetName);
    if (known !== undefined) return known === 1;
    const keep = (await repo.foreignRows(this.deps.db, copy.targetName, copy.idColumn, copy.source)) === 0;
    decisions.set(copy.targetName, keep ? 1 : 0);
    if (!this.dryRun) await repo.addMapRows(this.deps.db, '#keep-ids', [[copy.targetName, keep ? 1 : 0]], this.deps.now());
    return keep;
  }

  async copy<S>(copy: TableCopy<S>): Promise<void> {
    const map = await this.map(copy.source);
    const counts = this.count(copy.source);
    const keep = copy.sourceId ? await this.keepIds(copy as TableCopy<unknown>) : false;
    if (copy.sourceId) this.report.keptIds[copy.targetName] = keep;
    let batch: S[] = [];
    for (const s of copy.rows) {
      counts.source++;
      if (map.has(copy.key(s))) {
        counts.already++;
        continue;
      }
      batch.push(s);
      if (batch.length >= BATCH) {
        await this.writeBatch(copy, batch, keep, map);
        batch = [];
      }
    }
    if (batch.length) await this.writeBatch(copy, batch, keep, map);
    if (keep && !this.dryRun && counts.imported > 0) await repo.moveSequencePastIds(this.deps.db, copy.targetName, copy.idColumn);
  }

  private async writeBatch<S>(copy: TableCopy<S>, batch: S[], keep: boolean, map: Map<string, number>) {
    if (this.signal?.aborted) throw this.signal.reason ?? new Error('aborted');
    const counts = this.count(copy.source);
    const ready: Array<{ s: S; key: string; values: Record<string, unknown> }> = [];
    const merged: Array<{ s: S; key: string; id: number }> = [];
    for (const s of batch) {
      const key = copy.key(s);
      const out = await copy.convert(s);
      if (out instanceof Skip) this.skip(copy.source, key, out.reason, out.vars);
      else if (typeof out === 'number') merged.push({ s, key, id: out });
      else ready.push({ s, key, values: out });
    }
    const ids = keep
      ? ready.map((r) => copy.sourceId!(r.s))
      : this.dryRun
        ? ready.map(() => this.fakeId--)
        : await repo.nextIds(this.deps.db, copy.targetName, copy.idColumn, ready.length);
    const written: Array<{ s: S; key: string; id: number }> = [...merged];
    if (this.dryRun) {
      ready.forEach((r, i) => written.push({ s: r.s, key: r.key, id: ids[i] }));
    } else {
      await this.deps.db.transaction(async (tx) => {
        const rows = ready.map((r, i) => ({ ...r.values, [copy.idField]: ids[i] }));
        if (copy.conflictReason) {
          for (let i = 0; i < rows.length; i++) {
            if (await repo.insertRowUnlessTaken(tx, copy.targetName, rows[i])) written.push({ s: ready[i].s, key: ready[i].key, id: ids[i] });
            else this.skip(copy.source, ready[i].key, copy.conflictReason);
          }
        } else {
          await repo.insertRows(tx, copy.targetName, rows);
          ready.forEach((r, i) => written.push({ s: r.s, key: r.key, id: ids[i] }));
        }
        const now = this.deps.now();
        await repo.addMapRows(tx, copy.source, written.map((w) => [w.key, w.id]), now);
        const extra = new Map<string, Array<[string, number]>>();
        for (const w of written) {
          for (const [t, k, id] of copy.extraMap?.(w.s, w.id) ?? []) {
            if (!extra.has(t)) extra.set(t, []);
            extra.get(t)!.push([k, id]);
          }
        }
        for (const [t, entries] of extra) await repo.addMapRows(tx, t, entries, now);
      });
    }
    for (const w of written) {
      map.set(w.key, w.id);
      copy.written?.(w.s, w.id);
    }
    counts.imported += written.length - merged.length;
    await this.onBatch(batch.length);
  }

  /** an id that changed, for the report's map (items, catalogs, pages) */
  noteIdChange(kind: 'item' | 'catalog' | 'page', from: number, to: number) {
    if (from !== to && to > 0 && this.report.idMap[kind].length < REPORT_MAX) this.report.idMap[kind].push([from, to]);
  }
}
