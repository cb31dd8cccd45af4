// "You have new unread messages, click to view" (spec §9, 10 s). At the bottom of the window, above
// the back-to-top button: at the top it covered the header and the page's toolbar, and a click
// meant for Edit opened the notices instead.
import { feedback } from './feedback';

export const UNREAD_TOAST_MS = 10_000;
const KEY = 'unread-notice';

export function showUnreadToast(p: { text: string; testId: string; onOpen: () => void }): void {
  feedback()?.notification.info({
    key: KEY,
    duration: UNREAD_TOAST_MS / 1000,
    placement: 'bottom',
    className: 'unread-toast',
    title: (
      <a
        onClick={() => {
          feedback()?.notification.destroy(KEY);
          p.onOpen();
        }}
        data-testid={p.testId}
      >
        {p.text}
      </a>
    ),
  });
}
