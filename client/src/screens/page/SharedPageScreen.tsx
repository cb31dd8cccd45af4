import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { pageApi } from '../../api';
import { prefetched } from '../../api/prefetch';
import { sharedPageKey } from '../itemShow/prefetchKeys';
import { useLoad } from '../itemSetting/shared/useLoad';
import { StandaloneDocument, StandaloneLoading } from './StandaloneDocument';

/** /p/:unique_key — a page shared by a single-page link (no item access needed, no way into the item). */
export default function SharedPageScreen() {
  const { t } = useTranslation();
  const { unique_key = '' } = useParams();
  const { data: page, loading, failed } = useLoad(() => prefetched(sharedPageKey(unique_key), () => pageApi.infoByKey(unique_key)), [unique_key]);

  if (failed) return <Result status="404" title={t('doc.shareGone')} subTitle={t('doc.shareGoneText')} data-testid="share-missing" />;
  // another page's text is never shown under this link
  if (!page || loading) return <StandaloneLoading />;
  return <StandaloneDocument page={page} />;
}
