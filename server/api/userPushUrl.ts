// /api/user/getPushUrl, savePushUrl — the notice webhook of the caller's own account (#23).
import { action, controller } from '../http/action';
import { getPushUrl as readPushUrl, savePushUrl as storePushUrl } from '../domain/notices/webhook';
import * as api from '../../shared/api/pushUrl';

const getPushUrl = action(api.getPushUrl, {
  auth: 'required',
  async run(req) {
    return { push_url: await readPushUrl(req.deps, req.me().uid) };
  },
});

const savePushUrl = action(api.savePushUrl, {
  auth: 'required',
  async run(req, p) {
    await storePushUrl(req.deps, req.me().uid, p.push_url);
    return [];
  },
});

export default controller('user', { getPushUrl, savePushUrl });
