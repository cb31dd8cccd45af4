// Loading indicator state: a counter of requests in flight that asked for an indicator.
// Each one closes by itself after 20 s (spec §9) even if its request never settles.
import { HTTP_TIMEOUT_MS } from '@shared/limits';

type Listener = (busy: boolean) => void;

let inFlight = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l(inFlight > 0);
}

/** Starts an indicator; the returned function closes it (idempotent). */
export function beginLoading(autoCloseMs: number = HTTP_TIMEOUT_MS): () => void {
  inFlight++;
  emit();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    inFlight--;
    emit();
  };
  const timer = setTimeout(close, autoCloseMs);
  return close;
}

export function isLoading(): boolean {
  return inFlight > 0;
}

export function subscribeLoading(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
