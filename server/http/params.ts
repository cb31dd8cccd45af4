// Reads request parameters the ShowDoc way: key/value path segments, then the body
// (form, JSON or multipart fields), then the query string. Every reader checks the type,
// so an object or array where text is expected ({"$ne":null}, id[]=1) is refused, not coerced.
import type { ZodType } from 'zod';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';

export interface UploadedFile {
  /** temporary path on disk (formidable) */
  filepath: string;
  originalFilename: string;
  mimetype: string;
  size: number;
}

type Raw = Record<string, unknown>;

const bad = (template: string, vars: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);

export interface StrOptions {
  max?: number;
  /** reject an empty value */
  required?: boolean;
  /** keep surrounding whitespace (page content) */
  raw?: boolean;
}

export class Params {
  constructor(
    private readonly sources: Raw[],
    readonly files: Record<string, UploadedFile | UploadedFile[]> = {},
  ) {}

  /** the first source that has the key wins (path → body → query) */
  get(name: string): unknown {
    for (const s of this.sources) {
      if (Object.prototype.hasOwnProperty.call(s, name) && s[name] !== undefined) return s[name];
    }
    return undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  str(name: string, opts: StrOptions = {}): string {
    let v = this.get(name);
    if (v === undefined || v === null) v = '';
    if (typeof v === 'number' || typeof v === 'boolean') v = String(v);
    if (typeof v !== 'string') throw bad('Parameter {name} must be text', { name });
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database
    if (v.includes('\0')) throw bad('Parameter {name} contains a NUL character', { name });
    const out = opts.raw ? v : v.trim();
    if (opts.required && out === '') throw bad('Parameter {name} is required', { name });
    const max = opts.max ?? 100_000;
    if (out.length > max) throw bad('Parameter {name} is too long (max {max} characters)', { name, max });
    return out;
  }

  /** An integer; '' or absent → def. Garbage ('1 OR 1=1', '1e3', arrays) is refused. */
  int(name: string, def = 0, opts: { min?: number; max?: number } = {}): number {
    const v = this.get(name);
    if (v === undefined || v === null || v === '') return def;
    let n: number;
    if (typeof v === 'number') n = v;
    else if (typeof v === 'string' && /^\s*-?\d{1,15}\s*$/.test(v)) n = Number(v);
    else throw bad('Parameter {name} must be a whole number', { name });
    if (!Number.isSafeInteger(n)) throw bad('Parameter {name} must be a whole number', { name });
    const min = opts.min ?? -2_147_483_648;
    const max = opts.max ?? 2_147_483_647;
    if (n < min || n > max) throw bad('Parameter {name} has an invalid value', { name });
    return n;
  }

  /** A database id: a non-negative 32-bit integer (0 = none). */
  id(name: string): number {
    return this.int(name, 0, { min: 0 });
  }

  /** 1/true/on → true */
  bool(name: string, def = false): boolean {
    const v = this.get(name);
    if (v === undefined || v === '') return def;
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    if (typeof v !== 'string') throw bad('Parameter {name} has an invalid value', { name });
    return ['1', 'true', 'on', 'yes'].includes(v.trim().toLowerCase());
  }

  /** One of a fixed set of values (after trimming); absent → def. */
  oneOf<T extends string>(name: string, allowed: readonly T[], def: T): T {
    const v = this.str(name);
    if (v === '') return def;
    if (!(allowed as readonly string[]).includes(v)) throw bad('Parameter {name} has an invalid value', { name });
    return v as T;
  }

  /**
   * A JSON value, given as a JSON string inside a form field (ShowDoc's `pages`, `cats`, `data`)
   * or as a JSON body value, validated by a zod schema.
   */
  json<T>(name: string, schema: ZodType<T>, opts: { required?: boolean; max?: number } = {}): T | undefined {
    const v = this.get(name);
    if (v === undefined || v === '') {
      if (opts.required) throw bad('Parameter {name} is required', { name });
      return undefined;
    }
    let parsed: unknown = v;
    if (typeof v === 'string') {
      if (v.length > (opts.max ?? 2_000_000)) throw bad('Parameter {name} is too long (max {max} characters)', { name, max: opts.max ?? 2_000_000 });
      try {
        parsed = JSON.parse(v);
      } catch {
        throw bad('Parameter {name} must be valid JSON', { name });
      }
    }
    const r = schema.safeParse(parsed);
    if (!r.success) throw bad('Parameter {name} has an invalid value', { name });
    return r.data;
  }

  file(name: string): UploadedFile | undefined {
    const f = this.files[name];
    if (!f) return undefined;
    return Array.isArray(f) ? f[0] : f;
  }

  /** all parameter names (for diagnostics and mass-assignment tests) */
  names(): string[] {
    return [...new Set(this.sources.flatMap((s) => Object.keys(s)))];
  }
}
