// /api/update/checkDb — ShowDoc clients call it on load; migrations already ran at start.
import { action, controller } from '../http/action';

export default controller('update', {
  checkDb: action({
    auth: 'optional',
    async run() {
      return [];
    },
  }),
});
