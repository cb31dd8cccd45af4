import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FeedbackBridge } from './ui/FeedbackBridge';
import { router } from './routes';
import { theme } from './styles/theme';

export function App() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={theme} locale={i18n.language === 'zh-CN' ? zhCN : enUS}>
      <AntApp message={{ maxCount: 3, top: 64 }}>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
