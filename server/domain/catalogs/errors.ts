// Errors shared by the catalog operations (texts in shared/messages/catalogs.ts).
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

export const catalogNotInItem = (catId: number) =>
  new ApiError(ErrorCode.GENERIC, 'Catalog {cat_id} does not belong to this item', { cat_id: catId });
export const pageNotInItem = (pageId: number) => new ApiError(ErrorCode.GENERIC, 'Page {page_id} does not belong to this item', { page_id: pageId });
export const tooDeep = () => new ApiError(ErrorCode.GENERIC, 'Catalogs can be nested at most three levels deep');
export const underItself = () => new ApiError(ErrorCode.GENERIC, 'A catalog cannot be placed inside itself');
export const outsideLimit = () => new ApiError(ErrorCode.NO_PERMISSION, 'You may only change the catalogs you were given');

/**
 * Whether a top-level catalog id is inside the caller's catalog limit (policies decide;
 * 0 = the item root, which is outside any limit).
 */
export type TopAllowed = (topCatId: number) => boolean;
