import { Button, Result } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pageApi } from '../../api';
import { useLoad } from '../itemSetting/shared/useLoad';
import { StandaloneDocument, StandaloneLoading } from './StandaloneDocument';

/** /page/:page_id — one page of an item, with a way into the item. */
export default function PageViewScreen() {
  const { t } = useTranslation();
  const { page_id = '' } = useParams();
  const { data: page, loading, failed } = useLoad(() => pageApi.info(page_id), [page_id]);

  if (failed) return <Result status="404" title={t('doc.notFound')} extra={<Link to="/"><Button type="primary">{t('common.home')}</Button></Link>} data-testid="page-missing" />;
  // another page's text is never shown under this page's address
  if (!page || loading) return <StandaloneLoading />;
  return (
    <StandaloneDocument
      page={page}
      actions={
        page.item_id ? (
          <Link to={`/${page.item_id}?page_id=${page.page_id}`} data-testid="open-in-item">
            <ArrowLeftOutlined /> {t('doc.openInItem')}
          </Link>
        ) : null
      }
    />
  );
}
