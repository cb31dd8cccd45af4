import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const VISIBLE_AFTER_PX = 300;

/** The back-to-top button of reading screens: a plain button, so the reader bundle stays small. */
export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > VISIBLE_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <Tooltip title={t('doc.backToTop')} placement="left">
      <Button
        className="back-to-top"
        shape="circle"
        size="large"
        icon={<VerticalAlignTopOutlined />}
        aria-label={t('doc.backToTop')}
        data-testid="back-to-top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      />
    </Tooltip>
  );
}
