import { useEffect, useState } from 'react';
import { Result } from 'antd';
import { TextPlaceholder } from '../../components/TextPlaceholder';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { pageApi, type PageInfo } from '../../api';
import { prefetched } from '../../api/prefetch';
import { sharedPageKey } from '../itemShow/prefetchKeys';
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
    prefetched(sharedPageKey(unique_key), () => pageApi.infoByKey(unique_key))
      .then((p) => alive && setPage(p))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [unique_key]);

  if (failed) return <Result status="404" title={t('doc.shareGone')} subTitle={t('doc.shareGoneText')} data-testid="share-missing" />;
  if (!page) return <div style={{ padding: 40, maxWidth: 900, margin: '0 auto' }}><TextPlaceholder rows={12} /></div>;
  return <StandaloneDocument page={page} />;
}
