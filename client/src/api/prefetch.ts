// Answers requested before the screen that reads them has mounted (as soon as the route or the
// item is known), so the first render does not wait for one round trip after another. A consumer
// takes an answer once; one older than a few seconds is ignored and asked again. An answer that
// has already arrived can be taken synchronously, so the screen's first render shows it.
const FRESH_MS = 5_000;

interface Entry {
  at: number;
  answer: Promise<unknown>;
  arrived?: { value: unknown };
}
const started = new Map<string, Entry>();

export function prefetch<T>(key: string, request: () => Promise<T>): void {
  if (started.has(key)) return;
  const entry: Entry = { at: Date.now(), answer: request() };
  // a failure is reported (and routed) by whoever takes the promise
  entry.answer.then(
    (value) => (entry.arrived = { value }),
    () => {},
  );
  started.set(key, entry);
}

function take(key: string): Entry | undefined {
  const hit = started.get(key);
  started.delete(key);
  return hit && Date.now() - hit.at < FRESH_MS ? hit : undefined;
}

/** The prefetched answer for `key`, once; otherwise `request()` now. */
export function prefetched<T>(key: string, request: () => Promise<T>): Promise<T> {
  return (take(key)?.answer as Promise<T> | undefined) ?? request();
}

/** The prefetched answer if it has already arrived (taken, once); undefined otherwise (left in place). */
export function arrived<T>(key: string): T | undefined {
  const hit = started.get(key);
  if (!hit?.arrived) return undefined;
  return take(key)?.arrived?.value as T | undefined;
}
