// mock rows → ShowDoc's mock/infoByPageId and mock/add shapes (times formatted as ShowDoc stores them).
import type { MockRow } from '../db/repos/mocks';
import type { MockInfo, MockLink } from '../../shared/api/mock';
import { formatTime } from './time';

export function presentMock(m: MockRow): MockInfo {
  return {
    id: m.id,
    unique_key: m.uniqueKey,
    uid: m.uid,
    page_id: m.pageId,
    item_id: m.itemId,
    template: m.template,
    path: m.path,
    view_times: m.viewTimes,
    addtime: formatTime(m.addtime),
    last_update_time: formatTime(m.lastUpdateTime),
  };
}

export function presentMockLink(m: MockRow): MockLink {
  return { page_id: m.pageId, path: m.path, unique_key: m.uniqueKey };
}
