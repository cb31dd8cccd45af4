// JSON Schemas of OpenAPI documents (dereferenced, so recursive schemas are object cycles) turned
// into what an API page shows: a type name, an example value and a flat table of fields
// (`category.id`, `tags[].name`). Every walk stops at a schema it is already inside, at a depth
// limit and at a field budget, so recursive and huge schemas cost a bounded amount of work.
import { IMPORT_LIMITS } from '../limits';
import type { ApiField } from './apiDoc';
import { scalarText } from './apiDoc';

export type Schema = Record<string, unknown>;

const isObj = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Names of the document's named schemas (components.schemas / definitions), by object. */
export type SchemaNames = Map<object, string>;

export function schemaNames(doc: Schema): SchemaNames {
  const names: SchemaNames = new Map();
  const components = isObj(doc.components) ? doc.components : {};
  for (const group of [components.schemas, doc.definitions]) {
    if (!isObj(group)) continue;
    for (const [name, s] of Object.entries(group)) if (isObj(s) && !names.has(s)) names.set(s, name);
  }
  return names;
}

/** A $ref left in place (outside the document, or unresolvable): shown by its last segment. */
const refName = (s: Schema) => (typeof s.$ref === 'string' ? s.$ref.split('/').pop() || s.$ref : '');

/** allOf parts merged into one object schema (properties and required lists). */
function merged(s: Schema, seen: Set<object> = new Set()): Schema {
  if (!Array.isArray(s.allOf) || seen.has(s)) return s;
  seen.add(s);
  const props: Schema = {};
  const required: string[] = [];
  let type = str(s.type);
  for (const part of [s, ...s.allOf]) {
    if (!isObj(part)) continue;
    const m = part === s ? part : merged(part, seen);
    if (isObj(m.properties)) Object.assign(props, m.properties);
    if (Array.isArray(m.required)) required.push(...m.required.filter((r): r is string => typeof r === 'string'));
    type ||= str(m.type);
  }
  return { ...s, type: type || 'object', properties: props, required, allOf: undefined };
}

/** The first alternative of oneOf/anyOf (what a reader sees as the usual shape). */
function chosen(s: Schema): Schema {
  const m = merged(s);
  for (const k of ['oneOf', 'anyOf'] as const) {
    const alts = m[k];
    if (Array.isArray(alts) && isObj(alts[0]) && !m.properties && !m.type) return merged(alts[0]);
  }
  return m;
}

function baseType(s: Schema): string {
  if (Array.isArray(s.type)) return s.type.filter((t) => t !== 'null').map(String).join('|') || 'null';
  if (typeof s.type === 'string') return s.type;
  if (isObj(s.properties) || isObj(s.additionalProperties)) return 'object';
  if (isObj(s.items)) return 'array';
  return '';
}

export function schemaType(raw: unknown, names: SchemaNames, depth = 0): string {
  if (!isObj(raw)) return '';
  const name = names.get(raw);
  if (name) return name;
  if (raw.$ref) return refName(raw);
  const s = chosen(raw);
  const t = baseType(s);
  if (t === 'array' && depth < 3) {
    const inner = schemaType(s.items, names, depth + 1);
    return inner ? `array[${inner}]` : 'array';
  }
  if (t && typeof s.format === 'string' && s.format) return `${t}(${s.format})`;
  return t || (names.get(s) ?? '');
}

const FORMAT_EXAMPLES: Record<string, unknown> = {
  'date-time': '2024-01-01T12:00:00Z',
  date: '2024-01-01',
  time: '12:00:00',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.168.0.1',
  ipv6: '::1',
  byte: 'U3dhZ2dlcg==',
  binary: '(binary)',
  password: '******',
};

/** The schema's own example, when it gives one (example, examples[0], default, enum[0], const). */
function ownExample(s: Schema): unknown {
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  return undefined;
}

/** An example value for the schema; null where it recurses or goes too deep. */
export function schemaExample(raw: unknown, depth = 0, inside: Set<object> = new Set()): unknown {
  if (!isObj(raw) || inside.has(raw) || depth > IMPORT_LIMITS.schemaDepth) return null;
  if (raw.$ref) return null;
  const s = chosen(raw);
  const own = ownExample(s);
  if (own !== undefined) return own;
  inside.add(raw);
  try {
    const t = baseType(s);
    if (t === 'object' || isObj(s.properties)) {
      const out: Record<string, unknown> = {};
      const props = isObj(s.properties) ? Object.entries(s.properties) : [];
      for (const [k, v] of props.slice(0, IMPORT_LIMITS.schemaFields)) {
        out[k] = schemaExample(v, depth + 1, inside);
      }
      if (!props.length && isObj(s.additionalProperties)) out.key = schemaExample(s.additionalProperties, depth + 1, inside);
      return out;
    }
    if (t === 'array') return isObj(s.items) ? [schemaExample(s.items, depth + 1, inside)] : [];
    if (t.startsWith('integer')) return 0;
    if (t.startsWith('number')) return 0.0;
    if (t.startsWith('boolean')) return true;
    if (t === 'null') return null;
    const format = str(s.format);
    if (format && format in FORMAT_EXAMPLES) return FORMAT_EXAMPLES[format];
    return t === 'string' || t === '' ? 'string' : null;
  } finally {
    inside.delete(raw);
  }
}

/**
 * The fields of an object schema (or of an array's items) as table rows, nested ones with dotted
 * names. A field whose schema is already being walked is listed once, with its type, and not
 * entered again.
 */
export function schemaFields(raw: unknown, names: SchemaNames): ApiField[] {
  const rows: ApiField[] = [];
  const walk = (schema: unknown, prefix: string, depth: number, inside: Set<object>) => {
    if (!isObj(schema) || schema.$ref || depth > IMPORT_LIMITS.schemaDepth) return;
    let s = chosen(schema);
    if (baseType(s) === 'array' && isObj(s.items)) {
      if (inside.has(s.items)) return;
      prefix = prefix ? `${prefix}[]` : '';
      s = chosen(s.items);
    }
    if (!isObj(s.properties)) return;
    inside.add(schema);
    const required = new Set(Array.isArray(s.required) ? s.required : []);
    for (const [name, v] of Object.entries(s.properties)) {
      if (rows.length >= IMPORT_LIMITS.schemaFields) break;
      if (!isObj(v)) continue;
      const p = chosen(v);
      const full = prefix ? `${prefix}.${name}` : name;
      const notes = [str(p.description) || str(p.title)];
      if (Array.isArray(p.enum) && p.enum.length) notes.push(`(${p.enum.slice(0, 20).map(scalarText).join(', ')})`);
      if (p.deprecated === true) notes.push('(deprecated)');
      rows.push({
        name: full,
        type: schemaType(v, names),
        required: required.has(name),
        description: notes.filter(Boolean).join(' '),
        example: p.example !== undefined && (typeof p.example !== 'object' || p.example === null) ? scalarText(p.example) : '',
      });
      if (!inside.has(v)) walk(v, full, depth + 1, inside);
    }
    inside.delete(schema);
  };
  walk(raw, '', 0, new Set());
  return rows;
}
