import { Button, Table } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RECYCLE_RETENTION_DAYS } from '../../../../shared/limits';
import { pageApi } from '../../api';
import type { RecycleEntry } from '@shared/api/recycle';
import { formatTime } from '../../ui/time';
import { useLoad } from './shared/useLoad';
import { confirmAction, toast } from '../../ui/confirm';

/** Deleted pages (30 days) with recover; recovered pages land at the item root. */
export function RecycleTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const list = useLoad(() => pageApi.recycleList(itemId), [itemId]);
  const rows = Array.isArray(list.data) ? list.data : [];

  const recover = (r: RecycleEntry) =>
    confirmAction({
      title: t('itemSetting.recycle.recoverTitle', { name: r.page_title }),
      content: t('itemSetting.recycle.recoverConfirm'),
      okText: t('itemSetting.recycle.recover'),
      danger: false,
      onOk: async () => {
        await pageApi.recover(itemId, r.page_id);
        toast('success', t('itemSetting.recycle.recovered'));
        list.reload();
      },
    });

  return (
    <div data-testid="recycle-tab">
      <h2>{t('itemSetting.recycle.title')}</h2>
      <p className="manage-hint">{t('itemSetting.recycle.hint', { days: RECYCLE_RETENTION_DAYS })}</p>
      <Table<RecycleEntry>
        rowKey={(r) => String(r.page_id)}
        loading={list.loading && !list.data}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        size="middle"
        locale={{ emptyText: t('itemSetting.recycle.empty') }}
        data-testid="recycle-list"
        columns={[
          { title: t('itemSetting.recycle.page'), dataIndex: 'page_title' },
          { title: t('itemSetting.recycle.deletedBy'), dataIndex: 'del_by_username', responsive: ['sm'] },
          { title: t('itemSetting.recycle.deletedAt'), dataIndex: 'del_time', render: (v) => formatTime(v), responsive: ['md'] },
          {
            title: '',
            width: 110,
            render: (_, r) => (
              <Button size="small" icon={<UndoOutlined />} onClick={() => recover(r)} data-testid={`recover-${r.page_id}`}>
                {t('itemSetting.recycle.recover')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
