// /api/update/checkDb — ShowDoc clients call it on load; migrations already ran at start.
import { action, controller } from '../http/action';
import * as api from '../../shared/api/update';

export default controller('update', {
  checkDb: action(api.checkDb, {
    auth: 'optional',
    async run() {
      return [];
    },
  }),
});
