// Cross-site WebSocket hijacking: a browser always sends Origin on a WebSocket handshake;
// one from another site is refused. Non-browser clients send none and authenticate by token.
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  if (origin === 'null') return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
