// CREATE TABLE statements (MySQL, PostgreSQL, SQLite) read into tables and columns with
// node-sql-parser: the text is parsed, never run. Each dialect's parser is loaded on first use
// (a few MB of generated code each). PostgreSQL's COMMENT ON TABLE/COLUMN statements fill in
// the comments MySQL writes inline.
import { createRequire } from 'node:module';

export type SqlDialect = 'mysql' | 'postgresql' | 'sqlite';
export const SQL_DIALECTS: readonly SqlDialect[] = ['mysql', 'postgresql', 'sqlite'];

export interface SqlColumn {
  name: string;
  /** as written: 'varchar(64)', 'decimal(10,2) unsigned', 'text[]' */
  type: string;
  nullable: boolean;
  /** the default as written ('' when none) */
  defaultValue: string;
  comment: string;
}

export interface SqlTable {
  name: string;
  comment: string;
  columns: SqlColumn[];
}

interface AstParser {
  astify(sql: string, opt: { database: string }): unknown;
}

const require = createRequire(import.meta.url);
const parsers = new Map<SqlDialect, AstParser>();
const BUILDS: Record<SqlDialect, string> = {
  mysql: 'node-sql-parser/build/mysql',
  postgresql: 'node-sql-parser/build/postgresql',
  sqlite: 'node-sql-parser/build/sqlite',
};

function parserFor(dialect: SqlDialect): AstParser {
  let p = parsers.get(dialect);
  if (!p) {
    const { Parser } = require(BUILDS[dialect]) as { Parser: new () => AstParser };
    p = new Parser();
    parsers.set(dialect, p);
  }
  return p;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** A column or table name: a string, or PostgreSQL's {expr: {value}} form. */
function nameOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (isNode(v)) {
    if (isNode(v.expr)) return nameOf(v.expr.value);
    if ('value' in v) return nameOf(v.value);
  }
  return '';
}

/** A literal or expression of a DEFAULT or COMMENT, written back as SQL-ish text. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(literal).join(', ');
  if (!isNode(v)) return '';
  switch (v.type) {
    case 'single_quote_string':
    case 'double_quote_string':
    case 'string':
    case 'var_string':
    case 'number':
    case 'bool':
    case 'boolean':
      return String(v.value ?? '');
    case 'null':
      return 'NULL';
    case 'function': {
      const name = isNode(v.name) && Array.isArray(v.name.name) ? v.name.name.map((n) => nameOf(n)).join('.') : nameOf(v.name);
      const args = isNode(v.args) ? literal(v.args.value) : '';
      return args || v.args ? `${name}(${args})` : name;
    }
    case 'cast': {
      const target = Array.isArray(v.target) ? v.target : [v.target];
      const type = target.map((t) => (isNode(t) ? String(t.dataType ?? '') : '')).join('');
      return `${literal(v.expr)}::${type.toLowerCase()}`;
    }
    case 'column_ref':
      return nameOf(v.column);
    case 'binary_expr':
      return `${literal(v.left)} ${String(v.operator ?? '')} ${literal(v.right)}`;
    case 'unary_expr':
      return `${String(v.operator ?? '')}${literal(v.expr)}`;
    case 'expr_list':
      return literal(v.value);
    default:
      if ('value' in v) return literal(v.value);
      return '';
  }
}

function typeOf(def: unknown): string {
  if (!isNode(def)) return '';
  let t = String(def.dataType ?? '').toLowerCase();
  if (def.length !== undefined && def.length !== null) t += def.scale !== undefined && def.scale !== null ? `(${def.length},${def.scale})` : `(${def.length})`;
  else if (Array.isArray(def.expr)) t += `(${def.expr.map(literal).join(',')})`;
  else if (isNode(def.expr) && Array.isArray(def.expr.value)) t += `(${def.expr.value.map((x) => `'${literal(x)}'`).join(',')})`;
  if (Array.isArray(def.suffix)) {
    const suffix = def.suffix.filter((s): s is string => typeof s === 'string');
    if (suffix.length) t += ' ' + suffix.join(' ').toLowerCase();
  }
  return t;
}

function commentOf(c: unknown): string {
  return isNode(c) ? literal(c.value) : '';
}

function columnOf(def: Node): SqlColumn | null {
  if (def.resource !== 'column' || !isNode(def.column)) return null;
  const nullable = isNode(def.nullable) ? String(def.nullable.type ?? '').toLowerCase() !== 'not null' : !def.primary_key;
  const dflt = isNode(def.default_val) ? literal(def.default_val.value) : '';
  return { name: nameOf(def.column.column), type: typeOf(def.definition), nullable, defaultValue: dflt, comment: commentOf(def.comment) };
}

function tableComment(options: unknown): string {
  if (!Array.isArray(options)) return '';
  for (const o of options) {
    if (isNode(o) && String(o.keyword ?? '').toLowerCase() === 'comment') return literal(o.value).replace(/^'(.*)'$/s, '$1');
  }
  return '';
}

function tablesOf(ast: unknown): SqlTable[] {
  const statements = Array.isArray(ast) ? ast : [ast];
  const tables: SqlTable[] = [];
  const byName = new Map<string, SqlTable>();
  for (const s of statements) {
    if (!isNode(s)) continue;
    if (s.type === 'create' && s.keyword === 'table' && Array.isArray(s.table) && Array.isArray(s.create_definitions)) {
      const name = isNode(s.table[0]) ? nameOf(s.table[0].table) : '';
      const columns = s.create_definitions.filter(isNode).map(columnOf).filter((c): c is SqlColumn => !!c);
      const t: SqlTable = { name, comment: tableComment(s.table_options), columns };
      tables.push(t);
      byName.set(name.toLowerCase(), t);
    } else if (s.type === 'comment' && isNode(s.target) && isNode(s.expr)) {
      // PostgreSQL: COMMENT ON TABLE t IS '…' / COMMENT ON COLUMN t.c IS '…'
      const text = literal(s.expr.expr);
      const target = s.target;
      if (target.type === 'table' && isNode(target.name)) {
        const t = byName.get(nameOf(target.name.table).toLowerCase());
        if (t) t.comment = text;
      } else if (target.type === 'column' && isNode(target.name)) {
        const t = byName.get(nameOf(target.name.table).toLowerCase());
        const col = t?.columns.find((c) => c.name.toLowerCase() === nameOf(target.name && (target.name as Node).column).toLowerCase());
        if (col) col.comment = text;
      }
    }
  }
  return tables.filter((t) => t.columns.length > 0);
}

/**
 * The tables the SQL creates; [] when no dialect reads it as CREATE TABLE statements.
 * `dialect` undefined tries MySQL, then PostgreSQL, then SQLite.
 */
export function parseCreateTables(sql: string, dialect?: SqlDialect): SqlTable[] {
  for (const d of dialect ? [dialect] : SQL_DIALECTS) {
    let ast: unknown;
    try {
      ast = parserFor(d).astify(sql, { database: d });
    } catch {
      // not this dialect's SQL (or too deeply nested for the parser's stack): try the next
      continue;
    }
    const tables = tablesOf(ast);
    if (tables.length) return tables;
  }
  return [];
}
