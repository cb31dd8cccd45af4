// The unread notice count as last pushed by the gateway, for any badge that wants it.
import { useSyncExternalStore } from 'react';

let count: number | null = null;
const listeners = new Set<() => void>();

export function setUnreadCount(n: number): void {
  count = n;
  listeners.forEach((l) => l());
}

export function useUnreadCount(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => count,
    () => null,
  );
}
