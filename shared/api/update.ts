// /api/update/checkDb: ShowDoc clients call it on load; migrations already ran at start.
import { endpoint, type NoData } from './contract';

export const checkDb = endpoint<NoData>()('update/checkDb', {});
