import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppHeader } from '../layout/AppHeader';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export type ComingSoonScreen =
  | 'userSetting'
  | 'itemExport'
  | 'itemSetting'
  | 'pageEdit'
  | 'pageDiff'
  | 'catalog'
  | 'notices'
  | 'admin'
  | 'teams'
  | 'teamMembers'
  | 'teamItems'
  | 'attachments';

/** Routes whose screens arrive with later issues: a clear card instead of a 404. */
export function ComingSoon({ screen }: { screen: ComingSoonScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`comingSoon.screens.${screen}`);
  useDocumentTitle(title);
  return (
    <>
      <AppHeader />
      <div className="coming-soon" data-testid="coming-soon">
        <Result
          status="info"
          title={title}
          subTitle={t('comingSoon.text')}
          extra={[
            <Button key="back" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/item/index'))}>
              {t('common.back')}
            </Button>,
            <Button key="items" type="primary" onClick={() => navigate('/item/index')}>
              {t('nav.myItems')}
            </Button>,
          ]}
        />
      </div>
    </>
  );
}
