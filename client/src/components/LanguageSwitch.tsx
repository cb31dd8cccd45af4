import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, type Language } from '../i18n';

const NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

/** Header control switching the UI between English and Chinese (persisted). */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: (Object.keys(NAMES) as Language[]).map((l) => ({ key: l, label: NAMES[l] })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('common.language')} data-testid="language-switch">
        {compact ? null : lang === 'zh-CN' ? '中文' : 'EN'}
      </Button>
    </Dropdown>
  );
}
