// Validates a request's parameters against its action's declaration (shared/api): each declared
// name is read the ShowDoc way (path → body → query) and parsed by its field; the first failure
// becomes the same 10101 error, with the same message, that the field readers always gave.
import type { Endpoint, ParamsOut } from '../../shared/api/contract';
import { ErrorCode } from '../../shared/errors';
import { ApiError } from '../errors';
import type { Params } from './params';

export function parseContractParams<E extends Endpoint>(endpoint: E, params: Params): ParamsOut<E> {
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(endpoint.params.shape)) {
    const v = params.get(name);
    if (v !== undefined) raw[name] = v;
  }
  const r = endpoint.params.safeParse(raw);
  if (r.success) return r.data as ParamsOut<E>;
  const issue = r.error.issues[0] as { path: PropertyKey[]; message: string; params?: Record<string, string | number> };
  throw new ApiError(ErrorCode.GENERIC, issue.message, { name: String(issue.path[0] ?? ''), ...(issue.params ?? {}) });
}
