import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Spin } from 'antd';
import { commonApi } from '../../api';
import type { HomePageSetting } from '@shared/api/common';
import { Landing } from './Landing';

/** Destination of "/" from common/homePageSetting: 1 landing page, 2 login, 3 the configured item. */
export function homeTarget(s: HomePageSetting | null): string | null {
  if (!s) return null;
  const mode = Number(s.home_page);
  if (mode === 2) return '/user/login';
  if (mode === 3 && s.home_item && String(s.home_item) !== '0') return `/${encodeURIComponent(String(s.home_item))}`;
  return null;
}

export default function HomeScreen() {
  const [state, setState] = useState<{ loaded: boolean; target: string | null }>({ loaded: false, target: null });
  useEffect(() => {
    let alive = true;
    commonApi
      .homePageSetting()
      .then((s) => alive && setState({ loaded: true, target: homeTarget(s) }))
      .catch(() => alive && setState({ loaded: true, target: null }));
    return () => {
      alive = false;
    };
  }, []);
  if (!state.loaded) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', paddingTop: '20vh' }}>
        <Spin size="large" />
      </div>
    );
  }
  if (state.target) return <Navigate to={state.target} replace />;
  return <Landing />;
}
