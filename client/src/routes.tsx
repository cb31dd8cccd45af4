// Routes exactly as spec §2 lists them (browser history). Screens load lazily so the reader
// route carries only what it needs.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { Spin } from 'antd';
import { ComingSoon, type ComingSoonScreen } from './components/ComingSoon';
import { LoadingBar } from './components/LoadingBar';
import { LiveNotices } from './realtime/LiveNotices';
import { NotFound } from './screens/NotFound';

const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const C = lazy(load);
  return <C />;
};

const soon = (s: ComingSoonScreen): ReactNode => <ComingSoon screen={s} />;

function Root() {
  return (
    <>
      <LoadingBar />
      <LiveNotices />
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

export const routes = [
  {
    element: <Root />,
    children: [
      { path: '/', element: screen(() => import('./screens/home/HomeScreen')) },
      { path: '/user', element: <Navigate to="/user/login" replace /> },
      { path: '/user/login', element: screen(() => import('./screens/user/LoginScreen')) },
      { path: '/user/register', element: screen(() => import('./screens/user/RegisterScreen')) },
      { path: '/user/setting', element: screen(() => import('./screens/userSetting/UserSettingScreen')) },
      { path: '/user/resetPassword', element: screen(() => import('./screens/user/ResetPasswordScreen')) },
      { path: '/user/ResetPasswordByUrl', element: screen(() => import('./screens/user/ResetByLinkScreen')) },
      { path: '/item', element: <Navigate to="/item/index" replace /> },
      { path: '/item/index', element: screen(() => import('./screens/item/ItemListScreen')) },
      { path: '/item/add', element: screen(() => import('./screens/item/ItemAddScreen')) },
      { path: '/item/password/:item_id', element: screen(() => import('./screens/item/ItemPasswordScreen')) },
      { path: '/item/export/:item_id', element: soon('itemExport') },
      { path: '/item/setting/:item_id', element: screen(() => import('./screens/itemSetting/ItemSettingScreen')) },
      { path: '/page/edit/:item_id/:page_id', element: screen(() => import('./screens/pageEdit/PageEditScreen')) },
      { path: '/page/diff/:page_id/:page_history_id', element: screen(() => import('./screens/pageDiff/PageDiffScreen')) },
      { path: '/page/:page_id', element: screen(() => import('./screens/page/PageViewScreen')) },
      { path: '/p/:unique_key', element: screen(() => import('./screens/page/SharedPageScreen')) },
      { path: '/catalog/:item_id', element: screen(() => import('./screens/catalog/CatalogScreen')) },
      { path: '/notice/index', element: screen(() => import('./screens/notice/NoticeScreen')) },
      { path: '/admin/index', element: screen(() => import('./screens/admin/AdminScreen')) },
      { path: '/team/index', element: screen(() => import('./screens/team/TeamScreen')) },
      { path: '/team/member/:team_id', element: screen(() => import('./screens/team/TeamMemberScreen')) },
      { path: '/team/item/:team_id', element: screen(() => import('./screens/team/TeamItemScreen')) },
      { path: '/attachment/index', element: screen(() => import('./screens/attachment/AttachmentScreen')) },
      { path: '/:item_id', element: screen(() => import('./screens/itemShow/ItemShowScreen')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
