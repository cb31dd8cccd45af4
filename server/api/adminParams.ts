// Parameters shared by the admin console controllers (and text checks the user controller uses too).
import type { Params, StrOptions } from '../http/params';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { PAGE_SIZES } from '../../shared/limits';
import type { Paging } from '../domain/admin/users';

export function adminPaging(params: Params): Paging {
  return {
    page: params.int('page', 1, { min: 1, max: 1_000_000 }),
    count: params.int('count', PAGE_SIZES.admin, { min: 1, max: 200 }),
  };
}

/** `groupid` 1 (administrator) or 2 (ordinary user); absent → undefined unless required. */
export function groupParam(params: Params, required = false): 1 | 2 | undefined {
  if (!params.has('groupid') || params.str('groupid') === '') {
    if (required) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'groupid' });
    return undefined;
  }
  const g = params.int('groupid');
  if (g !== 1 && g !== 2) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name: 'groupid' });
  return g;
}

/**
 * Text that goes into SQL: PostgreSQL text cannot hold NUL, so a value with one is refused here
 * (clear 10101) instead of failing inside the database (500). Used by the user and admin controllers.
 */
export function sqlText(params: Params, name: string, opts: StrOptions = {}): string {
  const v = params.str(name, opts);
  if (v.includes('\u0000')) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name });
  return v;
}
