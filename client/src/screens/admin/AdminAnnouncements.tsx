// Site announcements: write one (it reaches everyone online at once and stays in their
// notices), and the ones posted before, newest first.
import { useState } from 'react';
import { App, Button, Empty, Input, List, Select, Space } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toolsApi } from '../../api';
import type { AnnouncementType } from '../../api/endpoints/tools';
import { useLoad } from '../itemSetting/shared/useLoad';
import { useApiAction } from '../../hooks/useApiAction';
import { safeNoticeHtml } from '../notice/sanitize';

const TYPES: AnnouncementType[] = ['announce_web', 'announce_all', 'announce_runapi'];

export function AdminAnnouncements() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [type, setType] = useState<AnnouncementType>('announce_web');
  const list = useLoad(() => toolsApi.announcements(), []);
  const { message } = App.useApp();
  const post = useApiAction();
  const send = () =>
    post.run(async () => {
      await toolsApi.postAnnouncement({ message_content: text.trim(), message_type: type });
      setText('');
      message.success(t('admin.announcements.posted'));
      list.reload();
    });
  const rows = Array.isArray(list.data) ? list.data : [];
  return (
    <div data-testid="admin-announcements">
      <p className="manage-hint">{t('admin.announcements.hint')}</p>
      <Input.TextArea rows={5} maxLength={20000} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('admin.announcements.placeholder')} data-testid="announcement-text" />
      <Space wrap style={{ margin: '12px 0 24px' }}>
        <Select value={type} onChange={setType} style={{ minWidth: 200 }} options={TYPES.map((v) => ({ value: v, label: t(`admin.announcements.type.${v}`) }))} />
        <Button type="primary" icon={<SendOutlined />} disabled={!text.trim()} loading={post.busy} onClick={() => void send()} data-testid="post-announcement">
          {t('admin.announcements.post')}
        </Button>
      </Space>
      <h3>{t('admin.announcements.earlier')}</h3>
      {rows.length === 0 ? (
        <Empty description={t('admin.announcements.none')} />
      ) : (
        <List
          dataSource={rows}
          data-testid="announcement-list"
          renderItem={(a) => (
            <List.Item key={a.id}>
              <List.Item.Meta
                title={<span className="manage-hint">{`${a.addtime} · ${t(`admin.announcements.type.${a.message_type}`, { defaultValue: a.message_type })}`}</span>}
                description={<div className="notice-content" dangerouslySetInnerHTML={{ __html: safeNoticeHtml(a.message_content) }} />}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
