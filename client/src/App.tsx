import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { BrowserRouter } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FeedbackBridge } from './ui/FeedbackBridge';
import { AppRoutes } from './routes';
import { theme } from './styles/theme';

export function App() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={theme} locale={i18n.language === 'zh-CN' ? zhCN : enUS}>
      {/* top notices (announcements) open below the 56 px header, not over its account menu;
          bottom notices sit above the back-to-top button (right 32 px, bottom 40 px, 40 px high) */}
      <AntApp message={{ maxCount: 3, top: 64 }} notification={{ top: 64, bottom: 88 }}>
        <FeedbackBridge />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
