// /api/adminUpdate/* — update check. Quire contacts no vendor server: checkUpdate reports an update
// only when the operator flagged one (settings update_url/update_title), and says so otherwise.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { localize } from '../../shared/messages';

export const checkUpdate = action({
  auth: 'admin',
  async run(req) {
    const s = await req.deps.settings.get();
    if (!s.update_url) {
      const message = localize('No update source is configured; Quire does not contact any update server. Update with git pull / npm install, then restart.', req.lang);
      return { url: '', title: '', configured: 0, message };
    }
    return { url: s.update_url, title: s.update_title, configured: 1, message: '' };
  },
});

const notSupported = action({
  auth: 'admin',
  async run() {
    throw new ApiError(ErrorCode.GENERIC, 'Updating from the web console is not supported; update the installation on the server and restart it');
  },
});

export default controller('adminUpdate', { checkUpdate, download: notSupported, updateFiles: notSupported });
