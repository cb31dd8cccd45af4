// Alerts and messages reachable from outside React (the API client): the antd App instance
// (themed, localised) registers itself here on mount.
import type { useAppProps } from 'antd/es/app/context';

let app: useAppProps | null = null;

export function registerFeedback(instance: useAppProps | null): void {
  app = instance;
}

/** The alert of spec §8: the server's error_message and nothing more. */
export function showError(text: string): void {
  if (app) void app.message.error({ content: text, duration: 5, className: 'quire-error-message' });
  else window.alert(text);
}

export function feedback(): useAppProps | null {
  return app;
}

const WAITING_KEY = 'quire-waiting-for-database';
let waitingCount = 0;

/** While calls wait for the server's database to come back: one lasting notice, gone when none waits. */
export function showWaiting(on: boolean, text: string): void {
  waitingCount = Math.max(0, waitingCount + (on ? 1 : -1));
  if (!app) return;
  if (waitingCount > 0) void app.message.loading({ key: WAITING_KEY, content: text, duration: 0, className: 'quire-waiting-message' });
  else app.message.destroy(WAITING_KEY);
}
