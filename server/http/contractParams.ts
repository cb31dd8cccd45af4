// Validates a request's parameters against its action's declaration (shared/api): each declared
// name is read the ShowDoc way (path → body → query) and parsed by its field; the first failure
// becomes the same 10101 error, with the same message, that the field readers always gave.
import type { z } from 'zod';
import type { Endpoint, ParamsOut } from '../../shared/api/contract';
import { readerOf, type FieldReader } from '../../shared/api/fields';
import { ErrorCode } from '../../shared/errors';
import { ApiError } from '../errors';
import type { Params } from './params';

interface Issue {
  path: PropertyKey[];
  message: string;
  params?: Record<string, string | number>;
}

const refused = (issue: Issue) =>
  new ApiError(ErrorCode.GENERIC, issue.message, { name: String(issue.path[0] ?? ''), ...(issue.params ?? {}) });

/** each declared name with its field's reader; null when some field has none (zod reads it) */
type Readers = [name: string, read: FieldReader][] | null;

const compiled = new WeakMap<Endpoint, Readers>();

function readersOf(endpoint: Endpoint): Readers {
  let readers = compiled.get(endpoint);
  if (readers === undefined) {
    const pairs = Object.entries(endpoint.params.shape).map(([name, schema]) => [name, readerOf(schema as z.ZodType)] as const);
    readers = pairs.every(([, read]) => read) ? pairs.map(([name, read]) => [name, read!]) : null;
    compiled.set(endpoint, readers);
  }
  return readers;
}

/** What a field reports its failure to, as to zod's context (a class: no closure made per request) */
class IssueCollector {
  issue: Issue | undefined;
  addIssue(i: { message?: string; params?: Record<string, string | number> }): void {
    this.issue ??= { path: [], message: i.message ?? '', params: i.params };
  }
}

/**
 * The fields' own readers, called directly: zod's object parse around them was a twentieth of a
 * cached page/info's time. Same values, same first failure (contractParams.test.ts compares the two on every contract).
 */
function readDirectly(readers: NonNullable<Readers>, params: Params): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const ctx = new IssueCollector();
  for (const [name, read] of readers) {
    const raw = params.get(name);
    const value = read(raw, ctx as unknown as z.RefinementCtx);
    if (ctx.issue) throw refused({ ...ctx.issue, path: [name] });
    // as zod's object: a name that was sent stays, even when its field reads it as undefined
    if (value !== undefined || raw !== undefined) out[name] = value;
  }
  return out;
}

export function parseContractParams<E extends Endpoint>(endpoint: E, params: Params): ParamsOut<E> {
  const readers = readersOf(endpoint);
  if (readers) return readDirectly(readers, params) as ParamsOut<E>;
  return parseWithZod(endpoint, params);
}

/** The declaration's zod schema reads them: for fields without a reader (and to check readDirectly against). */
export function parseWithZod<E extends Endpoint>(endpoint: E, params: Params): ParamsOut<E> {
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(endpoint.params.shape)) {
    const v = params.get(name);
    if (v !== undefined) raw[name] = v;
  }
  const r = endpoint.params.safeParse(raw);
  if (r.success) return r.data as ParamsOut<E>;
  throw refused(r.error.issues[0] as Issue);
}
