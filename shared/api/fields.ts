// Request parameters as ShowDoc sends them (form fields, JSON values, path segments), declared as zod
// schemas so the server validates with them and the client takes its types from them.
// Every field reads a raw value the ShowDoc way: numbers and booleans are accepted where text is
// expected, but an object or array where text or a number is expected ({"$ne":null}, id[]=1) is
// refused, never coerced. Failures carry today's message templates; the server fills in {name}.
import { z } from 'zod';

/** An issue's message is an English template with {name} (the parameter) and the vars in `params`. */
function fail(ctx: z.RefinementCtx, message: string, vars: Record<string, string | number> = {}): never {
  ctx.addIssue({ code: 'custom', message, params: vars });
  return z.NEVER as never;
}

/** What a client may send for a scalar parameter. */
type Scalar = string | number | boolean;

const absent = (v: unknown) => v === undefined || v === null;

/**
 * Accepts any raw value (each field checks it itself) and lets the client leave the parameter out;
 * the declared type is what our client may send.
 */
const loose = <T>() => z.custom<T>(() => true).optional();

/** A field's check as a plain function: the raw value in, the parsed value out, failures added to ctx. */
export type FieldReader = (v: unknown, ctx: z.RefinementCtx) => unknown;

const readers = new WeakMap<z.ZodType, FieldReader>();

/**
 * The reader of a field made here, or undefined for any other schema (or one refined further).
 * The server reads a contract whose fields all have one without zod's machinery (contractParams.ts).
 */
export const readerOf = (schema: z.ZodType): FieldReader | undefined => readers.get(schema);

/** A field that reads any raw value with `read`; In is the type our client may send. */
function field<In, Out>(read: (v: unknown, ctx: z.RefinementCtx) => Out) {
  const schema = loose<In>().transform((v, ctx) => read(v, ctx));
  readers.set(schema, read);
  return schema;
}

export interface TextOptions {
  /** longest value in characters (after trimming unless raw); default 100,000 */
  max?: number;
  /** refuse an empty value */
  required?: boolean;
  /** keep surrounding whitespace (page content) */
  raw?: boolean;
}

export function readText(v: unknown, o: TextOptions, ctx: z.RefinementCtx): string {
  if (absent(v)) v = '';
  if (typeof v === 'number' || typeof v === 'boolean') v = String(v);
  if (typeof v !== 'string') return fail(ctx, 'Parameter {name} must be text');
  // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database
  if (v.includes('\0')) return fail(ctx, 'Parameter {name} contains a NUL character');
  const out = o.raw ? v : v.trim();
  if (o.required && out === '') return fail(ctx, 'Parameter {name} is required');
  const max = o.max ?? 100_000;
  if (out.length > max) return fail(ctx, 'Parameter {name} is too long (max {max} characters)', { max });
  return out;
}

/** Text; absent → ''. */
export const text = (o: TextOptions = {}) => field<Scalar, string>((v, ctx) => readText(v, o, ctx));

export interface IntOptions {
  /** value when absent or '' (default 0) */
  def?: number;
  min?: number;
  max?: number;
}

export function readInt(v: unknown, o: IntOptions, ctx: z.RefinementCtx): number {
  if (absent(v) || v === '') return o.def ?? 0;
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^\s*-?\d{1,15}\s*$/.test(v)) n = Number(v);
  else return fail(ctx, 'Parameter {name} must be a whole number');
  if (!Number.isSafeInteger(n)) return fail(ctx, 'Parameter {name} must be a whole number');
  if (n < (o.min ?? -2_147_483_648) || n > (o.max ?? 2_147_483_647)) return fail(ctx, 'Parameter {name} has an invalid value');
  return n;
}

/** An integer; garbage ('1 OR 1=1', '1e3', arrays) is refused. */
export const int = (o: IntOptions = {}) => field<string | number, number>((v, ctx) => readInt(v, o, ctx));

/** A database id: a non-negative 32-bit integer; absent → 0 (none). */
export const id = () => int({ min: 0 });

export function readFlag(v: unknown, def: boolean, ctx: z.RefinementCtx): boolean {
  if (v === undefined || v === '') return def;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v !== 'string') return fail(ctx, 'Parameter {name} has an invalid value');
  return ['1', 'true', 'on', 'yes'].includes(v.trim().toLowerCase());
}

/** 1/true/on/yes → true; absent → def. */
export const flag = (def = false) => field<Scalar, boolean>((v, ctx) => readFlag(v, def, ctx));

/** One of a fixed set of values (after trimming); absent → def. */
export const oneOf = <T extends string>(allowed: readonly T[], def: T) =>
  field<T | '', T>((v, ctx): T => {
    const s = readText(v, {}, ctx);
    if (s === '') return def;
    if (!(allowed as readonly string[]).includes(s)) return fail(ctx, 'Parameter {name} has an invalid value');
    return s as T;
  });

/**
 * A JSON value given as a JSON string inside a form field (ShowDoc's `pages`, `cats`, `data`) or as a
 * JSON body value, validated by `schema`. Absent → undefined (or 'is required').
 */
export const json = <T>(schema: z.ZodType<T>, o: { required?: boolean; max?: number } = {}) =>
  field<string | T, T | undefined>((v, ctx): T | undefined => {
    if (v === undefined || v === '') return o.required ? fail(ctx, 'Parameter {name} is required') : undefined;
    let parsed: unknown = v;
    if (typeof v === 'string') {
      const max = o.max ?? 2_000_000;
      if (v.length > max) return fail(ctx, 'Parameter {name} is too long (max {max} characters)', { max });
      try {
        parsed = JSON.parse(v);
      } catch {
        return fail(ctx, 'Parameter {name} must be valid JSON');
      }
    }
    const r = schema.safeParse(parsed);
    if (!r.success) return fail(ctx, 'Parameter {name} has an invalid value');
    return r.data;
  });

/** Undefined when the parameter was not sent at all; otherwise the field's value (ShowDoc's "only fields present are changed"). */
export const optional = <F extends z.ZodType>(inner: F) =>
  field<NonNullable<z.input<F>>, z.output<F> | undefined>((v, ctx): z.output<F> | undefined => {
    if (v === undefined) return undefined;
    const r = inner.safeParse(v);
    if (r.success) return r.data;
    const first = r.error.issues[0];
    return fail(ctx, first.message, ((first as { params?: Record<string, string | number> }).params ?? {}) as Record<string, string | number>);
  });

/**
 * A list of ids in one parameter, as ShowDoc's dialogs send it: a JSON array or comma list as text,
 * or a form array (ids[]=1&ids[]=2, which arrives as an array of scalars). Gives the text form
 * (arrays as JSON); the handler reads the ids out of it. Absent → ''.
 */
export const idListText = (o: { max: number }) =>
  field<string | (string | number)[], string>((v, ctx): string => {
    if (absent(v)) return '';
    if (Array.isArray(v)) {
      if (v.length > o.max || v.some((x) => typeof x !== 'string' && typeof x !== 'number')) return fail(ctx, 'Parameter {name} has an invalid value');
      return JSON.stringify(v);
    }
    return readText(v, { max: o.max * 12 }, ctx);
  });
