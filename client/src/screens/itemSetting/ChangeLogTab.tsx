import { useState } from 'react';
import { List } from 'antd';
import { useTranslation } from 'react-i18next';
import { itemGroupApi } from '../../api';
import type { ChangeEntry } from '../../api/endpoints/itemGroups';
import { useLoad } from './shared/useLoad';

const PER_PAGE = 15;

/** Who changed which page or catalog of the item, and when: newest first, 15 a page. */
export function ChangeLogTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useLoad(() => itemGroupApi.changeLog(itemId, page, PER_PAGE), [itemId, page]);

  const who = (e: ChangeEntry) => (e.uid === 0 ? t('itemSetting.changeLog.openApi') : e.name ? `${e.username} (${e.name})` : e.username);
  const object = (e: ChangeEntry) => {
    if (e.object === 'tree' && e.moved === 'page') return t('itemSetting.changeLog.movedPage');
    if (e.object === 'tree' && e.moved === 'catalog') return t('itemSetting.changeLog.movedCatalog');
    return t(`itemSetting.changeLog.objects.${e.object}`);
  };

  return (
    <div data-testid="change-log-tab">
      <h2>{t('itemSetting.changeLog.title')}</h2>
      <p className="manage-hint">{t('itemSetting.changeLog.hint')}</p>
      <List<ChangeEntry>
        loading={log.loading}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: t('itemSetting.changeLog.empty') }}
        data-testid="change-log"
        pagination={
          (log.data?.total ?? 0) > PER_PAGE
            ? { current: page, pageSize: PER_PAGE, total: log.data?.total ?? 0, onChange: setPage, showSizeChanger: false, size: 'small' }
            : false
        }
        renderItem={(e) => (
          <List.Item data-testid="change-entry">
            <div className="change-log-entry">
              <span className="change-what">
                {t('itemSetting.changeLog.entry', { who: who(e), action: t(`itemSetting.changeLog.actions.${e.action}`), object: object(e) })}
                {e.objectName && <strong> «{e.objectName}»</strong>}
              </span>
              <span className="change-when">{e.time}</span>
            </div>
          </List.Item>
        )}
      />
    </div>
  );
}
