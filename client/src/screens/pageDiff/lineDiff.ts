// Line diff with diff-match-patch (lines mapped to characters, then diffed), and the rows of a
// side-by-side view where removed and added runs face each other.
import { diff_match_patch, DIFF_DELETE, DIFF_INSERT } from 'diff-match-patch';

export type ChunkKind = 'same' | 'removed' | 'added';
export interface Chunk {
  kind: ChunkKind;
  lines: string[];
}

/**
 * Lines compare whole, ending included: "last" and "last\n" would differ, so a line appended after
 * an unterminated last line marked that line changed on both sides. Both texts are read as
 * newline-terminated lines (CRLF as LF); a trailing newline is not a visible change.
 */
function asLines(text: string): string {
  const lf = text.replace(/\r\n?/g, '\n');
  return lf === '' || lf.endsWith('\n') ? lf : `${lf}\n`;
}

export function lineDiff(before: string, after: string): Chunk[] {
  const dmp = new diff_match_patch();
  const { chars1, chars2, lineArray } = dmp.diff_linesToChars_(asLines(before), asLines(after));
  const diffs = dmp.diff_main(chars1, chars2, false);
  dmp.diff_charsToLines_(diffs, lineArray);
  return diffs.map(([op, text]) => ({
    kind: op === DIFF_DELETE ? 'removed' : op === DIFF_INSERT ? 'added' : 'same',
    lines: text.replace(/\n$/, '').split('\n'),
  }));
}

export interface Cell {
  kind: ChunkKind;
  text: string;
}

export function sideBySide(chunks: Chunk[]): { left: Cell | null; right: Cell | null }[] {
  const rows: { left: Cell | null; right: Cell | null }[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i];
    if (c.kind === 'same') {
      for (const text of c.lines) rows.push({ left: { kind: 'same', text }, right: { kind: 'same', text } });
    } else if (c.kind === 'removed') {
      const next = chunks[i + 1]?.kind === 'added' ? chunks[++i].lines : [];
      for (let k = 0; k < Math.max(c.lines.length, next.length); k++) {
        rows.push({
          left: k < c.lines.length ? { kind: 'removed', text: c.lines[k] } : null,
          right: k < next.length ? { kind: 'added', text: next[k] } : null,
        });
      }
    } else {
      for (const text of c.lines) rows.push({ left: null, right: { kind: 'added', text } });
    }
  }
  return rows;
}
