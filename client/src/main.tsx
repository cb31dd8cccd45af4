import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { configureApiClient } from './api';
import { currentLanguage, i18n, initI18n } from './i18n';
import { router } from './routes';
import { forgetUser } from './session/user';
import { syncSession } from './session/sync';
import { showError } from './ui/feedback';
import './styles/global.css';

initI18n();

configureApiClient({
  navigate: (to) => void router.navigate(to),
  alert: showError,
  currentLocation: () => window.location.pathname + window.location.search,
  language: () => (currentLanguage() === 'zh-CN' ? 'zh-CN,zh;q=0.9' : 'en'),
  text: (key) => i18n.t(`errors.${key}`),
  onLoggedOut: forgetUser,
});

void syncSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
