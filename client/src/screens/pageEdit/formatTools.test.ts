import { describe, expect, it } from 'vitest';
import { beautifyJson, jsonToMarkdownTable, looksTabular, tsvToMarkdownTable } from './formatTools';

const headers = { field: 'Field', type: 'Type', example: 'Example' };

describe('jsonToMarkdownTable', () => {
  it('lists nested fields with types and examples', () => {
    const md = jsonToMarkdownTable('{"id":1,"price":2.5,"name":"a|b","tags":["x"],"user":{"ok":true,"n":null},"list":[{"k":"v"}]}', headers);
    expect(md.split('\n')).toEqual([
      '|Field|Type|Example|',
      '|:----|:----|:----|',
      '|id|int|1|',
      '|price|float|2.5|',
      '|name|string|a\\|b|',
      '|tags|array||',
      '|user|object||',
      '|user.ok|boolean|true|',
      '|user.n|null|null|',
      '|list|array||',
      '|list[].k|string|v|',
      '',
    ]);
  });

  it('throws on bad JSON and on values without fields', () => {
    expect(() => jsonToMarkdownTable('{bad', headers)).toThrow(SyntaxError);
    expect(() => jsonToMarkdownTable('42', headers)).toThrow(SyntaxError);
  });
});

describe('beautifyJson', () => {
  it('indents valid JSON in a fenced block and leaves other text alone', () => {
    expect(beautifyJson('{"a":[1,2]}')).toBe('```json\n{\n  "a": [\n    1,\n    2\n  ]\n}\n```\n');
    expect(beautifyJson('not json {')).toBe('not json {');
  });
});

describe('tsvToMarkdownTable', () => {
  it('turns spreadsheet rows into a table, padding short rows', () => {
    expect(tsvToMarkdownTable('a\tb\tc\r\n1\t2\n')).toBe('|a|b|c|\n|:----|:----|:----|\n|1|2||\n');
    expect(looksTabular('a\tb\n1\t2')).toBe(true);
    expect(looksTabular('plain text')).toBe(false);
  });
});
