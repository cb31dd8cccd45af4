import '../../i18n/managementTexts';
import { useState } from 'react';
import { Badge, Button, Empty, List, Modal, Segmented, Skeleton } from 'antd';
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { flag, peopleApi } from '../../api';
import type { Notice } from '@shared/api/notice';
import { formatTime } from '../../ui/time';
import { Frame } from '../itemSetting/shared/Frame';
import { useLoad } from '../itemSetting/shared/useLoad';
import { confirmDelete } from '../../ui/confirm';
import { safeNoticeHtml } from './sanitize';

/** Notices (spec §2): title, sender, time, unread badge; view marks read; delete after confirmation. */
export default function NoticeScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const list = useLoad(() => peopleApi.notices({ notice_type: filter }), [filter]);
  const [viewing, setViewing] = useState<Notice | null>(null);
  const rows = Array.isArray(list.data) ? list.data : [];
  const unread = rows.filter((n) => !flag(n.is_read)).length;

  const view = (n: Notice) => {
    setViewing(n);
    if (!flag(n.is_read)) {
      peopleApi
        .setNoticeRead(n.notice_id)
        .then(() => list.setData(rows.map((r) => (r.notice_id === n.notice_id ? { ...r, is_read: 1 } : r))))
        .catch(() => {});
    }
  };

  const remove = (n: Notice) =>
    confirmDelete({
      title: t('notice.deleteTitle'),
      content: n.notice_title,
      remove: () => peopleApi.deleteNotice(n.notice_id),
      onDone: list.reload,
    });

  return (
    <Frame
      title={t('notice.title')}
      back="/item/index"
      testId="notice-screen"
      extra={
        <Segmented
          value={filter}
          onChange={(v) => setFilter(v as 'all' | 'unread')}
          options={[
            { value: 'all', label: t('notice.all') },
            { value: 'unread', label: t('notice.unread') },
          ]}
        />
      }
    >
      <div className="manage-panel">
        {list.loading && !list.data ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : rows.length === 0 ? (
          <Empty description={filter === 'unread' ? t('notice.noUnread') : t('notice.empty')} />
        ) : (
          <List<Notice>
            dataSource={rows}
            header={filter === 'all' && unread > 0 ? <span className="manage-hint">{t('notice.unreadCount', { count: unread })}</span> : undefined}
            data-testid="notice-list"
            renderItem={(n) => (
              <List.Item
                key={String(n.notice_id)}
                data-testid={`notice-${n.notice_id}`}
                actions={[
                  <Button key="view" type="link" size="small" icon={<EyeOutlined />} onClick={() => view(n)}>
                    {t('notice.view')}
                  </Button>,
                  <Button key="del" type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(n)} />,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Badge dot={!flag(n.is_read)} offset={[6, 0]}>
                      <a className={`notice-title${flag(n.is_read) ? '' : ' is-unread'}`} onClick={() => view(n)}>
                        {n.notice_title}
                      </a>
                    </Badge>
                  }
                  description={
                    <span>
                      {n.from_name ? `${n.from_name} · ` : ''}
                      {formatTime(n.notice_time)}
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </div>
      <p className="manage-hint" style={{ marginTop: 16 }}>
        {t('notice.feedbackHint')}
      </p>
      <Modal open={!!viewing} title={viewing?.notice_title} footer={null} onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing && (
          <>
            <p className="manage-hint">
              {viewing.from_name ? `${viewing.from_name} · ` : ''}
              {formatTime(viewing.notice_time)}
            </p>
            <div className="notice-content" data-testid="notice-content" dangerouslySetInnerHTML={{ __html: safeNoticeHtml(viewing.notice_content) }} />
          </>
        )}
      </Modal>
    </Frame>
  );
}
