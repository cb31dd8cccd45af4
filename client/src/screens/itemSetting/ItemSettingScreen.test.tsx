import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  itemDetail: vi.fn(),
  members: vi.fn(async () => []),
  teamItems: vi.fn(async () => []),
  teams: vi.fn(async () => []),
  listGroup: vi.fn(async () => []),
  allUser: vi.fn(async () => []),
  getKey: vi.fn(async () => ({ api_key: 'k1', api_token: 't1' })),
  recycleList: vi.fn(async () => []),
}));

vi.mock('../../api', async () => {
  const ids = await vi.importActual<typeof import('../../api/ids')>('../../api/ids');
  return {
    ...ids,
    ApiError: class ApiError extends Error {},
    itemApi: { detail: api.itemDetail, getKey: api.getKey, resetKey: vi.fn(), update: vi.fn(), attorn: vi.fn(), archive: vi.fn(), remove: vi.fn() },
    peopleApi: { members: api.members, teamItems: api.teamItems, teams: api.teams, teamItemMembers: vi.fn(async () => []), saveTeamItemMember: vi.fn() },
    catalogApi: { listGroup: api.listGroup },
    pageApi: { recycleList: api.recycleList, recover: vi.fn() },
    userApi: { allUser: api.allUser, logout: vi.fn() },
  };
});

import ItemSettingScreen from './ItemSettingScreen';
import { renderAt, type Rendered } from './shared/renderForTest';

const item = { item_id: 7, item_name: 'Handbook', item_type: 1, item_description: 'd', item_domain: '', password: '', is_archived: 0 };
let view: Rendered | undefined;

beforeEach(() => {
  api.itemDetail.mockReset();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const open = (tab = '') => renderAt(`/item/setting/7${tab ? `?tab=${tab}` : ''}`, '/item/setting/:item_id', <ItemSettingScreen />);

describe('item settings screen', () => {
  it('refuses users who are not managers (item/detail refused) and shows no tabs', async () => {
    api.itemDetail.mockRejectedValue(new Error('10303'));
    view = await open();
    expect(api.itemDetail).toHaveBeenCalledWith('7');
    expect(view.q('item-setting-denied')).not.toBeNull();
    expect(view.q('tab-info')).toBeNull();
    expect(view.q('base-info-form')).toBeNull();
  });

  it('shows the five tabs and an editable base-info form to a manager', async () => {
    api.itemDetail.mockResolvedValue(item);
    view = await open();
    for (const k of ['info', 'members', 'advanced', 'openApi', 'recycle', 'changeLog']) expect(view.q(`tab-${k}`), k).not.toBeNull();
    const name = view.q('item-name') as HTMLInputElement;
    expect(name.value).toBe('Handbook');
    expect(name.disabled).toBe(false);
    expect(view.text()).toContain('Settings · Handbook');
  });

  it('keeps an archived item read-only: base info disabled, no archive action', async () => {
    api.itemDetail.mockResolvedValue({ ...item, is_archived: 1 });
    view = await open();
    expect((view.q('item-name') as HTMLInputElement).disabled).toBe(true);
    await view.unmount();
    view = await open('advanced');
    expect(view.q('advanced-attorn')).not.toBeNull();
    expect(view.q('advanced-delete')).not.toBeNull();
    expect(view.q('advanced-archive')).toBeNull();
  });

  it('offers archive on an active item and shows the API key on the open API tab', async () => {
    api.itemDetail.mockResolvedValue(item);
    view = await open('advanced');
    expect(view.q('advanced-archive')).not.toBeNull();
    await view.unmount();
    view = await open('openApi');
    expect(view.q('api-key')?.textContent).toContain('k1');
    expect(view.q('api-token')?.textContent).toContain('t1');
    expect(view.q('open-api-example')?.textContent).toContain('/api/open/updatePage');
  });

  it('speaks Chinese', async () => {
    api.itemDetail.mockResolvedValue(item);
    const { renderAt: r } = await import('./shared/renderForTest');
    view = await r('/item/setting/7', '/item/setting/:item_id', <ItemSettingScreen />, 'zh-CN');
    expect(view.text()).toContain('基础信息');
    expect(view.text()).toContain('成员管理');
  });
});
