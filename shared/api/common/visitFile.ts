// /api/common/visitFile (ShowDoc's alias of attachment/visitFile): a stored file by its sign.
import { endpoint } from '../contract';
import { text } from '../fields';

/** The file's bytes (not the envelope): `sign` from the file's URL; `_item_pwd` opens a private item's files. */
export const visitFileParams = { sign: text({ max: 100 }) };

export const visitFile = endpoint<never>()('common/visitFile', visitFileParams);
