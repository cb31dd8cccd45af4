import { Card, Tabs } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Id } from '../../api';
import { AppHeader } from '../../layout/AppHeader';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { NewItemForm } from './NewItemForm';
import { CopyItemForm } from './CopyItemForm';
import { ImportFileForm } from '../../components/import/ImportFileForm';
import { AutoCreateForm } from '../../components/import/AutoCreateForm';

export default function ItemAddScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('itemAdd.title'));
  const created = (itemId: Id) => navigate(`/${encodeURIComponent(String(itemId))}`);
  // an import that left nothing out opens its item at once; otherwise the report stays to be read
  const imported = (itemId: Id, clean: boolean) => clean && created(itemId);
  return (
    <>
      <AppHeader />
      <div className="page-container" style={{ maxWidth: 880 }}>
        <Link to="/item/index" style={{ display: 'inline-block', marginBottom: 12 }}>
          <ArrowLeftOutlined /> {t('nav.myItems')}
        </Link>
        <div className="page-title-row">
          <h1>{t('itemAdd.title')}</h1>
        </div>
        <Card>
          <Tabs
            items={[
              { key: 'new', label: t('itemAdd.tabNew'), children: <NewItemForm onCreated={created} /> },
              { key: 'copy', label: t('itemAdd.tabCopy'), children: <CopyItemForm onCreated={created} /> },
              { key: 'import', label: t('itemAdd.tabImport'), children: <ImportFileForm onDone={imported} onOpen={created} openLabel={t('imports.openItem')} /> },
              { key: 'auto', label: t('itemAdd.tabAuto'), children: <AutoCreateForm onDone={imported} onOpen={created} openLabel={t('imports.openItem')} /> },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
