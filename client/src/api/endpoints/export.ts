// /api/export/* (the Export screen starts exports through export/start; the downloads themselves
// are opened by navigation, as ShowDoc's clients do)
import { callAction } from '../http';
import type * as exportApi from '@shared/api/export';
import type { ParamsIn } from '@shared/api/contract';

/** A small export answers the address to open; a larger one is queued as a job. */
export const start = (p: ParamsIn<typeof exportApi.start>) => callAction<typeof exportApi.start>('export/start', p);
