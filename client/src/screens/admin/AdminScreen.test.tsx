import { afterEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  checkUpdate: vi.fn(),
  users: vi.fn(async () => ({ total: 2, users: [
    { uid: 1, username: 'root', groupid: 1 },
    { uid: 2, username: 'ann', groupid: 2 },
  ] })),
}));

// the header asks whether the public square is on
vi.mock('../../api/endpoints/square', () => ({ squareEnabled: vi.fn(async () => false) }));
vi.mock('../../api/endpoints/admin', () => ({ adminUserList: api.users, adminItemChoices: vi.fn(async () => ({ items: [], total: 0 })) }));
vi.mock('../../api', async () => {
  const ids = await vi.importActual<typeof import('../../api/ids')>('../../api/ids');
  return {
    ...ids,
    ApiError: class ApiError extends Error {},
    adminApi: { adminCheckUpdate: api.checkUpdate, adminAddUser: vi.fn(), adminDeleteUser: vi.fn(), loadConfig: vi.fn(async () => []), saveConfig: vi.fn() },
    userApi: { logout: vi.fn() },
  };
});

import AdminScreen from './AdminScreen';
import { renderAt, type Rendered } from '../itemSetting/shared/renderForTest';
import { forgetUser, rememberUser } from '../../session/user';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  forgetUser();
  api.checkUpdate.mockReset();
});

const open = () => renderAt('/admin/index', '/admin/index', <AdminScreen />);

describe('admin console', () => {
  it('refuses ordinary users without calling admin endpoints', async () => {
    rememberUser({ uid: 2, username: 'ann', groupid: 2 });
    api.checkUpdate.mockResolvedValue({});
    view = await open();
    expect(view.q('admin-denied')).not.toBeNull();
    expect(view.q('admin-menu')).toBeNull();
    expect(api.checkUpdate).not.toHaveBeenCalled();
  });

  it('shows users, items, attachments and settings to an administrator, without delete for administrators', async () => {
    rememberUser({ uid: 1, username: 'root', groupid: 1 });
    api.checkUpdate.mockResolvedValue({});
    view = await open();
    const menu = view.q('admin-menu')!;
    expect(menu.textContent).toContain('Users');
    expect(menu.textContent).toContain('Web settings');
    expect(menu.textContent).not.toContain('System update');
    const rows = view.container.querySelectorAll('[data-testid="admin-user-list"] tbody tr.ant-table-row');
    expect(rows.length).toBe(2);
    const deleteButtons = (row: Element) => row.querySelectorAll('button.ant-btn-dangerous').length;
    expect(deleteButtons(rows[0])).toBe(0);
    expect(deleteButtons(rows[1])).toBe(1);
  });

  it('adds the system update section when an update is flagged', async () => {
    rememberUser({ uid: 1, username: 'root', groupid: 1 });
    api.checkUpdate.mockResolvedValue({ url: 'https://example.com/release', title: 'v2' });
    view = await open();
    expect(view.q('admin-menu')!.textContent).toContain('System update');
  });
});
