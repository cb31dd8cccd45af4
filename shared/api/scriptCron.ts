// /api/ScriptCron/run: ShowDoc's web client calls it on login; starts the clean-up (not awaited).
import { endpoint, type NoData } from './contract';

export const run = endpoint<NoData>()('scriptCron/run', {});
