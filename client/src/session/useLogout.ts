import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { userApi } from '../api';
import { forgetUser } from './user';

/** Ends the session on the server (cookie revoked) and forgets the display info. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await userApi.logout();
    } catch {}
    forgetUser();
    navigate('/user/login');
  }, [navigate]);
}
