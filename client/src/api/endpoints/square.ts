// /api/publicSquare/* (#23): the public square.
import { callAction } from '../http';
import type * as squareApi from '@shared/api/publicSquare';
import { ErrorCode } from '@shared/errors';

let enabled: Promise<boolean> | null = null;

/** Whether the square is on; asked once per page load (the header link), never alerting. */
export function squareEnabled(): Promise<boolean> {
  enabled ??= callAction<typeof squareApi.checkEnabled>('publicSquare/checkEnabled', {}, { silent: true, loading: false })
    .then((r) => Number(r.enable) === 1)
    .catch(() => false);
  return enabled;
}

export interface SquareQuery {
  page: number;
  count: number;
  keyword: string;
  search_type: 'title' | 'content';
}

/** One page of public items; "switched off" (10501) is for the screen to show. */
export const publicItems = (q: SquareQuery) =>
  callAction<typeof squareApi.getPublicItems>('publicSquare/getPublicItems', { ...q }, { expect: [ErrorCode.PUBLIC_SQUARE_OFF], loading: false });
