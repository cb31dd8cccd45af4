import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppHeader } from '../../../layout/AppHeader';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import './management.css';

/** Signed-in screen frame: header, a title row with an optional back target and actions, content. */
export function Frame({
  title,
  back,
  extra,
  children,
  wide = false,
  testId,
}: {
  title: ReactNode;
  /** where the back arrow goes ('history' = browser back) */
  back?: string | 'history';
  extra?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(typeof title === 'string' ? title : null);
  const goBack = () => {
    if (back === 'history') {
      if (window.history.length > 1) navigate(-1);
      else navigate('/item/index');
    } else if (back) navigate(back);
  };
  return (
    <>
      <AppHeader />
      <div className={`page-container manage-frame${wide ? ' manage-wide' : ''}`} data-testid={testId}>
        <div className="page-title-row">
          <div className="manage-title">
            {back && <Button type="text" shape="circle" icon={<ArrowLeftOutlined />} onClick={goBack} aria-label={t('common.back')} data-testid="frame-back" />}
            <h1>{title}</h1>
          </div>
          {extra && <div className="manage-extra">{extra}</div>}
        </div>
        {children}
      </div>
    </>
  );
}
