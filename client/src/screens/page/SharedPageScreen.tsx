import { useEffect, useState } from 'react';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { pageApi, type PageInfo } from '../../api';
import { StandaloneDocument } from './StandaloneDocument';

/** /p/:unique_key — a page shared by a single-page link (no item access needed, no way into the item). */
export default function SharedPageScreen() {
  const { t } = useTranslation();
  const { unique_key = '' } = useParams();
  const [page, setPage] = useState<PageInfo | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    setPage(null);
    setFailed(false);
    pageApi
      .infoByKey(unique_key)
      .then((p) => alive && setPage(p))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [unique_key]);

  if (failed) return <Result status="404" title={t('doc.shareGone')} subTitle={t('doc.shareGoneText')} data-testid="share-missing" />;
  if (!page) return <div style={{ padding: 40, maxWidth: 900, margin: '0 auto' }}><Skeleton active paragraph={{ rows: 12 }} /></div>;
  return <StandaloneDocument page={page} />;
}
