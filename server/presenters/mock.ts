// mock rows → ShowDoc's mock/infoByPageId shape (times formatted as ShowDoc stores them).
import type { mocks } from '../db/schema';
import { formatTime } from './time';

type MockRow = typeof mocks.$inferSelect;

export function presentMock(m: MockRow) {
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
