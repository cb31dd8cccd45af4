// /page/edit/:item_id/:page_id (page_id ≤ 0: a new page; ?copy_page_id= prefills, ?cat_id= preselects).
// Only members who may edit get the editor; everyone else is told so and sent back to the item.
import '../../i18n/editorTexts';
import { useEffect } from 'react';
import { App, Button, Result, Spin } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEditorData } from './useEditorData';
import { PageEditor } from './PageEditor';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

export default function PageEditScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const itemId = Number(params.item_id) || 0;
  const pageId = Math.max(0, Number(params.page_id) || 0);
  const copyPageId = Number(search.get('copy_page_id')) || 0;
  const catParam = search.has('cat_id') ? Number(search.get('cat_id')) || 0 : null;
  const { data, failed } = useEditorData(itemId, pageId, copyPageId);
  useDocumentTitle(data?.page && pageId > 0 ? `${data.page.page_title} · ${t('editor.editing')}` : t('editor.newPage'));

  const refused = !!data && !data.canEdit;
  useEffect(() => {
    if (!refused) return;
    modal.warning({ title: t('editor.cannotEdit'), content: t('editor.noPermission'), afterClose: () => navigate(`/${itemId}`) });
  }, [refused, modal, navigate, itemId, t]);

  // the page (or the item) is not there: say so, with a way back, instead of a spinner forever
  if (failed || (data && pageId > 0 && !data.page)) {
    return (
      <div data-testid="editor-not-found">
        <Result
          status="404"
          title={t('editor.live.notFoundTitle')}
          subTitle={t('editor.live.notFoundContent')}
          extra={
            <Link to={itemId > 0 ? `/${itemId}` : '/item/index'}>
              <Button type="primary" data-testid="editor-not-found-back">
                {t('editor.live.backToItem')}
              </Button>
            </Link>
          }
        />
      </div>
    );
  }
  if (!data || refused) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', paddingTop: '20vh' }}>
        <Spin size="large" />
      </div>
    );
  }
  return <PageEditor key={`${itemId}.${pageId}`} itemId={itemId} pageId={pageId} catParam={catParam} data={data} />;
}
