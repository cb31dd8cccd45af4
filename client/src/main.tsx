import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { configureApiClient } from './api';
import { currentLanguage, i18n, initI18n } from './i18n';
import { navigateTo, preloadRoute } from './routes';
import { forgetUser } from './session/user';
import { syncSession } from './session/sync';
import { showError, showWaiting } from './ui/feedback';
import { adoptShowdocHashRoute } from './showdocHashRoute';
import './styles/global.css';

// an old ShowDoc link (/web/#/12, sent to /#/12 by the server) opens Quire's route: before anything reads the address
adoptShowdocHashRoute();

// Chinese readers' texts load beside the route's screen
const texts = initI18n();

configureApiClient({
  navigate: navigateTo,
  alert: showError,
  currentLocation: () => window.location.pathname + window.location.search,
  language: () => (currentLanguage() === 'zh-CN' ? 'zh-CN,zh;q=0.9' : 'en'),
  text: (key) => i18n.t(`errors.${key}`),
  onLoggedOut: forgetUser,
  waiting: (on) => showWaiting(on, i18n.t('errors.waiting')),
});

void syncSession();

// The first render waits for the opened route's screen (already downloading, see routePreloads on
// the server): rendered at once, it does not go through a Suspense fallback and React's reveal delay.
void Promise.all([texts, preloadRoute(window.location.pathname, window.location.search).catch(() => {})])
  .catch(() => {})
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
