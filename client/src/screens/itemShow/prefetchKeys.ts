// Keys of the item display's prefetched answers (api/prefetch): the route starts item/info,
// item/info starts the page to read.
import type { Id } from '../../api';

export const itemInfoKey = (idOrDomain: string, requestedPageId: string | null) => `item/info:${idOrDomain}:${requestedPageId ?? ''}`;
export const pageInfoKey = (pageId: Id, itemId: Id | undefined) => `page/info:${itemId ?? ''}:${pageId}`;
export const sharedPageKey = (uniqueKey: string) => `page/infoByKey:${uniqueKey}`;
