// The logged-in user as far as the page needs to know it for display: uid, username, name, groupid.
// The session itself is the HttpOnly cookie the login answer sets; no token is ever stored here.
import { useSyncExternalStore } from 'react';
import type { LoginUser } from '@shared/api/user';

export interface CurrentUser {
  uid: number;
  username: string;
  name: string;
  groupid: number;
}

const KEY = 'quire.user';
const listeners = new Set<() => void>();
let cached: CurrentUser | null | undefined;

function read(): CurrentUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<CurrentUser>;
    if (typeof v?.uid !== 'number' || typeof v.username !== 'string') return null;
    return { uid: v.uid, username: v.username, name: String(v.name ?? ''), groupid: Number(v.groupid ?? 2) };
  } catch {
    return null;
  }
}

export function currentUser(): CurrentUser | null {
  if (cached === undefined) cached = read();
  return cached;
}

/** Keeps the display fields of a login/register/user-info answer (never the token). */
export function rememberUser(u: Pick<LoginUser, 'uid' | 'username' | 'groupid'> & { name?: string }): CurrentUser {
  const user: CurrentUser = { uid: Number(u.uid), username: String(u.username), name: String(u.name ?? ''), groupid: Number(u.groupid) };
  localStorage.setItem(KEY, JSON.stringify(user));
  cached = user;
  listeners.forEach((l) => l());
  return user;
}

export function forgetUser(): void {
  if (currentUser() === null) return;
  localStorage.removeItem(KEY);
  cached = null;
  listeners.forEach((l) => l());
}

export function isAdmin(u: CurrentUser | null): boolean {
  return !!u && u.groupid === 1;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) {
      cached = read();
      l();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(subscribe, currentUser, () => null);
}
