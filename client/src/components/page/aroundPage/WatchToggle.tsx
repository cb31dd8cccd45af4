// Watch / Unwatch a page: a notice (pushed live) when someone else changes it.
import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import * as api from '../../../api/endpoints/aroundPage';
import { sameId, type Id } from '../../../api';
import { useApiAction } from '../../../hooks/useApiAction';
import { toast } from '../../../ui/confirm';

export function WatchToggle({ pageId, uid }: { pageId: Id; uid: number }) {
  const { t } = useTranslation();
  const [watching, setWatching] = useState<boolean | null>(null);
  const { busy, run } = useApiAction();

  useEffect(() => {
    let current = true;
    api
      .watchers(pageId)
      .then((rows) => current && setWatching(rows.some((r) => sameId(r.uid, uid))))
      .catch(() => current && setWatching(false));
    return () => {
      current = false;
    };
  }, [pageId, uid]);

  if (watching === null) return null;
  const toggle = () =>
    run(async () => {
      if (watching) await api.unwatch(pageId);
      else await api.watch(pageId);
      setWatching(!watching);
      toast('success', watching ? t('aroundPage.unwatched') : t('aroundPage.watching'));
    });
  return (
    <Tooltip title={t('aroundPage.watchHint')}>
      <Button size="small" icon={watching ? <EyeInvisibleOutlined /> : <EyeOutlined />} loading={busy} onClick={() => void toggle()} data-testid="watch-toggle" aria-pressed={watching}>
        {watching ? t('aroundPage.unwatch') : t('aroundPage.watch')}
      </Button>
    </Tooltip>
  );
}
