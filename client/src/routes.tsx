// Routes exactly as spec §2 lists them (browser history). Screens load lazily so the reader
// route carries only what it needs.
import { lazy, Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, useNavigate, useRoutes, type NavigateFunction } from 'react-router-dom';
import { Spin } from 'antd';
import { LoadingBar } from './components/LoadingBar';
import { useCurrentUser } from './session/user';
import { lazyScreen } from './lazyScreen';
import { pageApi } from './api';
import { prefetch } from './api/prefetch';
import { sharedPageKey } from './screens/itemShow/prefetchKeys';
import { prefetchItemReading } from './screens/itemShow/readingPrefetch';

// the socket client loads only for a logged-in user, after the first render
const LiveNotices = lazy(() => import('./realtime/LiveNotices').then((m) => ({ default: m.LiveNotices })));

function LiveNoticesWhenLoggedIn() {
  const user = useCurrentUser();
  return user ? (
    <Suspense fallback={null}>
      <LiveNotices />
    </Suspense>
  ) : null;
}

// the API client navigates (10102 → login…) from outside React: it goes through this handle
let navigateHandle: NavigateFunction | null = null;
export function navigateTo(to: string): void {
  if (navigateHandle) void navigateHandle(to);
  else window.location.assign(to);
}

function Root() {
  navigateHandle = useNavigate();
  return (
    <>
      <LoadingBar />
      <LiveNoticesWhenLoggedIn />
      <Suspense
        fallback={
          <div style={{ display: 'flex', justifyContent: 'center', paddingTop: '20vh' }}>
            <Spin size="large" />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </>
  );
}

/** What a reader route's screen will ask first, requested while its code downloads. */
const routeData: Record<string, (params: Record<string, string | undefined>, search: URLSearchParams) => void> = {
  '/:item_id': ({ item_id = '' }, search) => prefetchItemReading(item_id, search.get('page_id')),
  '/p/:unique_key': ({ unique_key = '' }) => prefetch(sharedPageKey(unique_key), () => pageApi.infoByKey(unique_key)),
};

export const routes = [
  {
    element: <Root />,
    children: [
      { path: '/', ...lazyScreen(() => import('./screens/home/HomeScreen')) },
      { path: '/user', element: <Navigate to="/user/login" replace /> },
      { path: '/user/login', ...lazyScreen(() => import('./screens/user/LoginScreen')) },
      { path: '/user/register', ...lazyScreen(() => import('./screens/user/RegisterScreen')) },
      { path: '/user/setting', ...lazyScreen(() => import('./screens/userSetting/UserSettingScreen')) },
      { path: '/user/resetPassword', ...lazyScreen(() => import('./screens/user/ResetPasswordScreen')) },
      { path: '/user/ResetPasswordByUrl', ...lazyScreen(() => import('./screens/user/ResetByLinkScreen')) },
      { path: '/item', element: <Navigate to="/item/index" replace /> },
      { path: '/item/index', ...lazyScreen(() => import('./screens/item/ItemListScreen')) },
      { path: '/item/add', ...lazyScreen(() => import('./screens/item/ItemAddScreen')) },
      { path: '/item/password/:item_id', ...lazyScreen(() => import('./screens/item/ItemPasswordScreen')) },
      // a page read alone: its item is not known before the password (errorRouting.itemPasswordUrl)
      { path: '/item/password', ...lazyScreen(() => import('./screens/item/ItemPasswordScreen')) },
      { path: '/item/export/:item_id', ...lazyScreen(() => import('./screens/itemExport/ItemExportScreen')) },
      { path: '/item/setting/:item_id', ...lazyScreen(() => import('./screens/itemSetting/ItemSettingScreen')) },
      { path: '/page/edit/:item_id/:page_id', ...lazyScreen(() => import('./screens/pageEdit/PageEditScreen')) },
      { path: '/page/diff/:page_id/:page_history_id', ...lazyScreen(() => import('./screens/pageDiff/PageDiffScreen')) },
      { path: '/page/:page_id', ...lazyScreen(() => import('./screens/page/PageViewScreen')) },
      { path: '/p/:unique_key', ...lazyScreen(() => import('./screens/page/SharedPageScreen')) },
      { path: '/catalog/:item_id', ...lazyScreen(() => import('./screens/catalog/CatalogScreen')) },
      { path: '/notice/index', ...lazyScreen(() => import('./screens/notice/NoticeScreen')) },
      { path: '/admin/index', ...lazyScreen(() => import('./screens/admin/AdminScreen')) },
      { path: '/team/index', ...lazyScreen(() => import('./screens/team/TeamScreen')) },
      { path: '/team/member/:team_id', ...lazyScreen(() => import('./screens/team/TeamMemberScreen')) },
      { path: '/team/item/:team_id', ...lazyScreen(() => import('./screens/team/TeamItemScreen')) },
      { path: '/attachment/index', ...lazyScreen(() => import('./screens/attachment/AttachmentScreen')) },
      { path: '/downloads', ...lazyScreen(() => import('./screens/downloads/DownloadsScreen')) },
      { path: '/public-square', ...lazyScreen(() => import('./screens/publicSquare/PublicSquareScreen')) },
      { path: '/:item_id', ...lazyScreen(() => import('./screens/itemShow/ItemShowScreen')) },
      { path: '*', ...lazyScreen(() => import('./screens/NotFound').then((m) => ({ default: m.NotFound }))) },
    ],
  },
];

/** Starts the screen (and the first data) of the address being opened; resolves when the screen is loaded. */
export async function preloadRoute(pathname: string, search: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((m) => {
      const route = m.route as { path?: string; preload?: () => Promise<unknown> };
      routeData[route.path ?? '']?.(m.params, new URLSearchParams(search));
      return route.preload?.();
    }),
  );
}

/** The declarative router: the data-router machinery (loaders, actions, fetchers) stays out of the bundle. */
export function AppRoutes() {
  return useRoutes(routes);
}
