import { useCallback, useState } from 'react';

/** Whether the verification code is shown, and a nonce that loads a fresh image when it changes. */
export function useCaptcha(initiallyVisible = false) {
  const [visible, setVisible] = useState(initiallyVisible);
  const [nonce, setNonce] = useState(() => Date.now());
  const refresh = useCallback(() => setNonce((n) => Math.max(n + 1, Date.now())), []);
  const show = useCallback(() => setVisible(true), []);
  return { visible, nonce, refresh, show };
}
