import { useState } from 'react';
import { Button, Form, Input, Segmented, Space, Table, Tag } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/limits';
import { adminApi } from '../../api';
import type { AdminUser } from '@shared/api/adminUser';
import { adminUserList } from '../../api/endpoints/admin';
import { formatTime } from '../../ui/time';
import { useLoad } from '../itemSetting/shared/useLoad';
import { serverPages } from '../itemSetting/shared/listTools';
import { FormModal } from '../itemSetting/shared/FormModal';
import { confirmDelete, toast } from '../../ui/confirm';
import { canDeleteUser } from './rules';
import { useApiAction } from '../../hooks/useApiAction';
import { newPasswordHelp, newPasswordRules } from '../../components/passwordRules';

/** User management: search by username, add, edit (name, new password), delete; approve or reject waiting registrations. */
export function AdminUsers() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [input, setInput] = useState('');
  const [onlyPending, setOnlyPending] = useState(false);
  const list = useLoad(
    () => adminUserList({ username: query || undefined, page, count: PAGE_SIZES.admin, status: onlyPending ? 'pending' : undefined }),
    [page, query, onlyPending],
  );
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [form] = Form.useForm<{ username: string; name?: string; password?: string }>();
  const { busy, run } = useApiAction();
  const rows = Array.isArray(list.data?.users) ? list.data.users : [];

  const open = (u: AdminUser | 'new') => {
    setEditing(u);
    form.setFieldsValue(u === 'new' ? { username: '', name: '', password: '' } : { username: u.username, name: u.name ?? '', password: '' });
  };

  const save = async () => {
    const v = await form.validateFields();
    await run(async () => {
      if (editing === 'new') await adminApi.adminAddUser({ username: v.username.trim(), name: v.name?.trim() ?? '', password: v.password ?? '' });
      else if (editing) await adminApi.adminAddUser({ uid: editing.uid, username: editing.username, name: v.name?.trim() ?? '', password: v.password || undefined });
      toast('success', t('management.saved'));
      setEditing(null);
      list.reload();
    });
  };

  const approve = (u: AdminUser) =>
    run(async () => {
      await adminApi.adminApproveUser(u.uid);
      toast('success', t('admin.users.approved'));
      list.reload();
    });

  const reject = (u: AdminUser) =>
    confirmDelete({
      title: t('admin.users.rejectTitle', { name: u.username }),
      content: t('admin.users.rejectConfirm'),
      okText: t('admin.users.reject'),
      remove: () => adminApi.adminRejectUser(u.uid),
      onDone: list.reload,
    });

  const remove = (u: AdminUser) =>
    confirmDelete({
      title: t('admin.users.deleteTitle', { name: u.username }),
      content: t('admin.users.deleteConfirm'),
      remove: () => adminApi.adminDeleteUser(u.uid),
      onDone: list.reload,
    });

  return (
    <div data-testid="admin-users">
      <div className="manage-toolbar">
        <Space.Compact style={{ maxWidth: 340, flex: '1 1 220px' }}>
          <Input
            allowClear
            placeholder={t('admin.users.search')}
            value={input}
            onChange={(e) => {
              setInput(e.target.value);
              if (!e.target.value) {
                setPage(1);
                setQuery('');
              }
            }}
            onPressEnter={() => {
              setPage(1);
              setQuery(input.trim());
            }}
            data-testid="admin-user-search"
          />
          <Button
            icon={<SearchOutlined />}
            aria-label={t('management.search')}
            onClick={() => {
              setPage(1);
              setQuery(input.trim());
            }}
          />
        </Space.Compact>
        <Segmented
          value={onlyPending ? 'pending' : 'all'}
          onChange={(v) => {
            setPage(1);
            setOnlyPending(v === 'pending');
          }}
          options={[
            { value: 'all', label: t('admin.users.filterAll') },
            { value: 'pending', label: t('admin.users.filterPending') },
          ]}
          data-testid="admin-user-filter"
        />
        <span className="manage-grow" />
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => open('new')} data-testid="admin-user-add">
          {t('admin.users.add')}
        </Button>
      </div>
      <Table<AdminUser>
        rowKey={(u) => String(u.uid)}
        loading={list.loading}
        dataSource={rows}
        size="middle"
        data-testid="admin-user-list"
        pagination={serverPages(page, setPage, PAGE_SIZES.admin, list.data?.total)}
        columns={[
          {
            title: t('management.username'),
            render: (_, u) => (
              <span>
                {u.username} {Number(u.groupid) === 1 && <Tag color="gold">{t('admin.users.admin')}</Tag>}
                {u.status === 'pending' && <Tag color="orange">{t('admin.users.pending')}</Tag>}
                {u.status === 'unconfirmed' && <Tag>{t('admin.users.unconfirmed')}</Tag>}
              </span>
            ),
          },
          { title: t('management.name'), dataIndex: 'name', responsive: ['sm'] },
          { title: t('admin.users.email'), dataIndex: 'email', responsive: ['lg'] },
          { title: t('admin.users.registered'), dataIndex: 'reg_time', render: (v) => formatTime(v), responsive: ['md'] },
          { title: t('admin.users.lastLogin'), dataIndex: 'last_login_time', render: (v) => formatTime(v), responsive: ['lg'] },
          {
            title: '',
            // approve and reject side by side where the screen is wide enough
            width: rows.some((u) => u.status && u.status !== 'active') ? 200 : 100,
            render: (_, u) =>
              u.status && u.status !== 'active' ? (
                <Space size={4} wrap>
                  <Button size="small" type="primary" icon={<CheckOutlined />} loading={busy} onClick={() => void approve(u)} data-testid={`approve-${u.username}`}>
                    {t('admin.users.approve')}
                  </Button>
                  <Button size="small" danger icon={<CloseOutlined />} onClick={() => reject(u)} data-testid={`reject-${u.username}`}>
                    {t('admin.users.reject')}
                  </Button>
                </Space>
              ) : (
                <Space size={0}>
                  <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('management.edit')} onClick={() => open(u)} />
                  {canDeleteUser(u) && <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(u)} />}
                </Space>
              ),
          },
        ]}
      />
      <FormModal
        open={editing !== null}
        title={editing === 'new' ? t('admin.users.add') : t('admin.users.edit')}
        form={form}
        busy={busy}
        onSubmit={save}
        onCancel={() => setEditing(null)}
      >
        <Form.Item name="username" label={t('management.username')} rules={[{ required: true, whitespace: true, message: t('management.required') }]}>
          <Input disabled={editing !== 'new'} autoComplete="off" data-testid="admin-user-username" />
        </Form.Item>
        <Form.Item name="name" label={t('management.name')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('admin.users.password')}
          extra={editing === 'new' ? newPasswordHelp(t) : `${t('admin.users.passwordKeep')} ${newPasswordHelp(t)}`}
          rules={newPasswordRules(t, editing === 'new')}
        >
          <Input.Password autoComplete="new-password" data-testid="admin-user-password" />
        </Form.Item>
      </FormModal>
    </div>
  );
}
