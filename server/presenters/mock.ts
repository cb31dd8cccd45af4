// mock rows → ShowDoc's mock/infoByPageId (the row as fetched: numbers as text, times formatted as
// ShowDoc stores them) and mock/add shapes.
import type { MockRow } from '../db/repos/mocks';
import type { MockInfoAnswer, MockLink } from '../../shared/api/mock';
import { fetched } from './fetched';
import { formatTime } from './time';

export function presentMock(m: MockRow): MockInfoAnswer {
  return fetched({
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
  });
}

export function presentMockLink(m: MockRow): MockLink {
  return { page_id: m.pageId, path: m.path, unique_key: m.uniqueKey };
}
