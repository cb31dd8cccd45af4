// /api/adminUpdate/* — update check. Quire contacts no vendor server: checkUpdate reports an update
// only when the operator flagged one (settings update_url/update_title), and says so otherwise.
import { action, controller, type ContractActionDef } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/adminUpdate';
import { presentUpdateCheck } from '../presenters/admin';

/** Also answers adminUser/checkUpdate (ShowDoc's console asks there). */
export const checkUpdateDef: ContractActionDef<typeof api.checkUpdate> = {
  auth: 'admin',
  async run(req) {
    return presentUpdateCheck(await req.deps.settings.get(), req.lang);
  },
};

const notSupported: ContractActionDef<typeof api.download> = {
  auth: 'admin',
  async run() {
    throw new ApiError(ErrorCode.GENERIC, 'Updating from the web console is not supported; update the installation on the server and restart it');
  },
};

export default controller('adminUpdate', {
  checkUpdate: action(api.checkUpdate, checkUpdateDef),
  download: action(api.download, notSupported),
  updateFiles: action(api.updateFiles, notSupported),
});
