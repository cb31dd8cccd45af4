import { describe, expect, it } from 'vitest';
import { readShowdocSummary, readStartAnswer } from './showdoc';

describe('the ShowDoc import report, read once', () => {
  it('reads a report into its shape, numbers as numbers', () => {
    const r = readShowdocSummary({
      dryRun: false,
      keptIds: { item: true, page: false },
      tables: { page: { source: 2, imported: 2, already: 0, skipped: 0 }, user: { source: '4', imported: 3, already: 1, skipped: 0 } },
      tableOrder: ['user', 'page'],
      skipped: [{ table: 'item', key: 14, reason: 'Whiteboard items (type {type}) cannot be imported', vars: { type: 5, bad: { x: 1 } } }],
      skippedTotal: 1,
      missingFiles: ['2023-11-14/a.png'],
      missingFilesTotal: 1,
      idMap: { item: [['10', 31]], catalog: [], page: [[1000, 2040], 'junk'] },
      mergedUsers: ['showdoc'],
      seconds: 1.25,
      link: '/admin/index?tab=showdoc&job=j1',
    });
    expect(r).toEqual({
      dryRun: false,
      keptIds: { item: true, page: false },
      tables: { user: { source: 4, imported: 3, already: 1, skipped: 0 }, page: { source: 2, imported: 2, already: 0, skipped: 0 } },
      tableOrder: ['user', 'page'],
      skipped: [{ table: 'item', key: '14', reason: 'Whiteboard items (type {type}) cannot be imported', vars: { type: 5 } }],
      skippedTotal: 1,
      missingFiles: ['2023-11-14/a.png'],
      missingFilesTotal: 1,
      idMap: { item: [[10, 31]], catalog: [], page: [[1000, 2040]] },
      mergedUsers: ['showdoc'],
      seconds: 1.25,
      link: '/admin/index?tab=showdoc&job=j1',
    });
    // in the order they were imported, whatever order the stored summary's keys came back in
    expect(Object.keys(r!.tables)).toEqual(['user', 'page']);
  });

  it('no report: null; a thin one gets empty lists', () => {
    expect(readShowdocSummary(null)).toBeNull();
    expect(readShowdocSummary({ import_id: 'x' })).toBeNull();
    const r = readShowdocSummary({ tables: {} })!;
    expect(r.skipped).toEqual([]);
    expect(r.idMap).toEqual({ item: [], catalog: [], page: [] });
    expect(r.dryRun).toBe(false);
  });

  it('reads the start answer: the job, or the refusal', () => {
    expect(readStartAnswer(200, JSON.stringify({ error_code: 0, data: { job_id: 'j1', state: 'queued' } }))).toEqual({ ok: true, job: { job_id: 'j1', state: 'queued' } });
    expect(readStartAnswer(200, JSON.stringify({ error_code: 10103, error_message: 'Only administrators…' }))).toEqual({ ok: false, message: 'Only administrators…' });
    expect(readStartAnswer(413, '<html>too large</html>')).toEqual({ ok: false, message: 'HTTP 413' });
  });
});
