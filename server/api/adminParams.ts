// Parameters shared by the admin console controllers.
import type { Params } from '../http/params';
import { ApiError } from '../http/apiError';
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
