import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { renderAt, type Rendered } from '../screens/itemSetting/shared/renderForTest';
import { useApiAction } from './useApiAction';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

/** a button whose action waits for the test to settle it */
function Probe({ onRun }: { onRun(run: Promise<void>): void }) {
  const { busy, run } = useApiAction();
  return <button data-testid="go" data-busy={String(busy)} onClick={() => onRun(run(() => pending))} />;
}
let settleAction: { resolve(): void; reject(e: unknown): void };
let pending: Promise<void>;
const nextAction = () => {
  pending = new Promise<void>((resolve, reject) => (settleAction = { resolve, reject }));
};

/** clicks; resolves to the action's own promise, wrapped (an async function would wait for it) */
async function click(): Promise<{ done: Promise<void> }> {
  let started!: Promise<void>;
  view ??= await renderAt('/x', '/x', <Probe onRun={(p) => (started = p)} />);
  nextAction();
  await act(async () => view!.q('go')!.click());
  return { done: started };
}
const busy = () => view!.q('go')!.getAttribute('data-busy');

describe('useApiAction', () => {
  it('is busy while the call runs, and not after it succeeded', async () => {
    const { done } = await click();
    expect(busy()).toBe('true');
    settleAction.resolve();
    await act(() => done);
    expect(busy()).toBe('false');
  });

  it('ends quietly on a refusal the API client already showed, and is no longer busy', async () => {
    const { done } = await click();
    settleAction.reject(new ApiError(10303, 'no permission', true));
    await act(() => done);
    expect(busy()).toBe('false');
  });

  it('throws on anything that is not an API refusal (a bug), and is no longer busy', async () => {
    const { done } = await click();
    settleAction.reject(new TypeError('bug'));
    let thrown: unknown;
    await act(() => done.catch((e: unknown) => void (thrown = e)));
    expect(thrown).toBeInstanceOf(TypeError);
    expect(busy()).toBe('false');
  });
});
