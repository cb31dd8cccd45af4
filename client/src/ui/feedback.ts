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
