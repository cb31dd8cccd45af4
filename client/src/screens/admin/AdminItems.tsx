import { useState } from 'react';
import { Button, Form, Input, Space, Table } from 'antd';
import { DeleteOutlined, SearchOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/limits';
import { adminApi } from '../../api';
import type { AdminItem } from '@shared/api/adminItem';
import { formatTime } from '../../ui/time';
import { useLoad } from '../itemSetting/shared/useLoad';
import { SearchField, serverPages } from '../itemSetting/shared/listTools';
import { FormModal } from '../itemSetting/shared/FormModal';
import { confirmDelete, toast } from '../../ui/confirm';
import { useApiAction } from '../../hooks/useApiAction';

/** Item management: search by name and owner, open, transfer (no password), delete. */
export function AdminItems() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState({ item_name: '', username: '' });
  const [input, setInput] = useState({ item_name: '', username: '' });
  const list = useLoad(
    () => adminApi.adminItems({ item_name: query.item_name || undefined, username: query.username || undefined, page, count: PAGE_SIZES.admin }),
    [page, query],
  );
  const [attorn, setAttorn] = useState<AdminItem | null>(null);
  const [form] = Form.useForm<{ username: string }>();
  const { busy, run } = useApiAction();
  const rows: AdminItem[] = Array.isArray(list.data?.items) ? list.data.items : [];

  const search = () => {
    setPage(1);
    setQuery({ item_name: input.item_name.trim(), username: input.username.trim() });
  };

  const transfer = async () => {
    if (!attorn) return;
    const v = await form.validateFields();
    await run(async () => {
      await adminApi.adminAttornItem({ item_id: attorn.item_id, username: v.username.trim() });
      toast('success', t('admin.items.transferred'));
      setAttorn(null);
      list.reload();
    });
  };

  const remove = (i: AdminItem) =>
    confirmDelete({
      title: t('admin.items.deleteTitle', { name: i.item_name }),
      content: t('admin.items.deleteConfirm'),
      remove: () => adminApi.adminDeleteItem(i.item_id),
      onDone: list.reload,
    });

  return (
    <div data-testid="admin-items">
      <div className="manage-toolbar">
        <SearchField
          maxWidth={220}
          placeholder={t('admin.items.searchName')}
          value={input.item_name}
          onChange={(v) => setInput({ ...input, item_name: v })}
          onSearch={search}
          testId="admin-item-search"
        />
        <SearchField maxWidth={200} placeholder={t('admin.items.searchOwner')} value={input.username} onChange={(v) => setInput({ ...input, username: v })} onSearch={search} />
        <Button icon={<SearchOutlined />} onClick={search}>
          {t('management.search')}
        </Button>
      </div>
      <Table<AdminItem>
        rowKey={(i) => String(i.item_id)}
        loading={list.loading}
        dataSource={rows}
        size="middle"
        data-testid="admin-item-list"
        pagination={serverPages(page, setPage, PAGE_SIZES.admin, list.data?.total)}
        columns={[
          {
            title: t('admin.items.name'),
            render: (_, i) => (
              <a href={`/${encodeURIComponent(String(i.item_id))}`} target="_blank" rel="noopener noreferrer">
                {i.item_name}
              </a>
            ),
          },
          { title: t('admin.items.owner'), dataIndex: 'username', responsive: ['sm'] },
          { title: t('admin.items.members'), dataIndex: 'member_num', responsive: ['lg'], width: 90 },
          { title: t('admin.items.created'), dataIndex: 'addtime', render: (v) => formatTime(v), responsive: ['md'] },
          {
            title: '',
            width: 100,
            render: (_, i) => (
              <Space size={0}>
                <Button
                  type="text"
                  size="small"
                  icon={<SwapOutlined />}
                  aria-label={t('admin.items.transfer')}
                  onClick={() => {
                    form.resetFields();
                    setAttorn(i);
                  }}
                />
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(i)} />
              </Space>
            ),
          },
        ]}
      />
      <FormModal
        open={!!attorn}
        title={t('admin.items.transferTitle', { name: attorn?.item_name ?? '' })}
        okText={t('admin.items.transfer')}
        form={form}
        busy={busy}
        onSubmit={transfer}
        onCancel={() => setAttorn(null)}
      >
        <Form.Item name="username" label={t('admin.items.newOwner')} rules={[{ required: true, whitespace: true, message: t('management.required') }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </FormModal>
    </div>
  );
}
