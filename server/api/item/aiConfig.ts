// item/getAiConfig — the item's AI assistant settings: always off (Quire has no AI), for anyone
// who may visit the item, as ShowDoc answers for an item without AI settings.
import { action, controller } from '../../http/action';
import * as api from '../../../shared/api/agent';
import { accessToItemId } from '../../policies/request';
import { requireVisit } from '../../policies/itemAccess';
import { presentItemAiConfig } from '../../presenters/agent';

const getAiConfig = action(api.getAiConfig, {
  auth: 'optional',
  async run(req, p) {
    const access = await accessToItemId(req, p.item_id);
    requireVisit(access);
    return presentItemAiConfig(access.item.itemId);
  },
});

export default controller('item', { getAiConfig });
