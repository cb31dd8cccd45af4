// /api/user/getPushUrl, /api/user/savePushUrl: the address a user's notices are also POSTed to
// (ShowDoc's push_url; #23). Only public http(s) addresses are accepted (server/net/publicHttp.ts).
import { endpoint, type NoData } from './contract';
import { text } from './fields';

export interface PushUrl {
  push_url: string;
}

export const getPushUrl = endpoint<PushUrl>()('user/getPushUrl', {});
/** an empty push_url removes the address */
export const savePushUrl = endpoint<NoData>()('user/savePushUrl', { push_url: text({ max: 1000 }) });
