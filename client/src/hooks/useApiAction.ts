import { useCallback, useState } from 'react';
import { ApiError } from '../api';

/**
 * A button's call to the API, with the busy flag that shows it is running. The API client has
 * already told the user about a refusal (an alert, or the way to the login screen), so an
 * ApiError just ends the action; anything else is a bug and is thrown on.
 */
export function useApiAction(): { busy: boolean; run(action: () => Promise<void>): Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
