import { useEffect, useState } from 'react';
import { Button, Result } from 'antd';
import { TextPlaceholder } from '../../components/TextPlaceholder';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pageApi, type PageInfo } from '../../api';
import { StandaloneDocument } from './StandaloneDocument';

/** /page/:page_id — one page of an item, with a way into the item. */
export default function PageViewScreen() {
  const { t } = useTranslation();
  const { page_id = '' } = useParams();
  const [page, setPage] = useState<PageInfo | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    setPage(null);
    setFailed(false);
    pageApi
      .info(page_id)
      .then((p) => alive && setPage(p))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [page_id]);

  if (failed) return <Result status="404" title={t('doc.notFound')} extra={<Link to="/"><Button type="primary">{t('common.home')}</Button></Link>} data-testid="page-missing" />;
  if (!page) return <div style={{ padding: 40, maxWidth: 900, margin: '0 auto' }}><TextPlaceholder rows={12} /></div>;
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
