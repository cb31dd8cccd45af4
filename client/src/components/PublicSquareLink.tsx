// its label lives with the management texts: the header is never part of the reader's first load
import '../i18n/managementTexts';
import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { squareEnabled } from '../api/endpoints/square';

/** The header's way to the public square (#23), shown only while an administrator has it on. */
export function PublicSquareLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  useEffect(() => {
    let live = true;
    void squareEnabled().then((v) => live && setOn(v));
    return () => {
      live = false;
    };
  }, []);
  if (!on) return null;
  return (
    <Link to="/public-square" data-testid="public-square-link">
      <Button type="text" icon={<CompassOutlined />} aria-label={t('square.link')}>
        {compact ? null : t('square.link')}
      </Button>
    </Link>
  );
}
