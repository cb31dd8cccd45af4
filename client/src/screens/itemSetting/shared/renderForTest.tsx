// Test helper (happy-dom): renders a screen at a route with the real i18n and router.
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initI18n, setLanguage, type Language } from '../../../i18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let i18nReady = false;

export interface Rendered {
  container: HTMLElement;
  q(testId: string): HTMLElement | null;
  text(): string;
  unmount(): Promise<void>;
}

/** Lets pending promises (mocked API answers) and React updates settle. */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  }
}

export async function renderAt(url: string, pattern: string, element: ReactElement, lang: Language = 'en'): Promise<Rendered> {
  if (!i18nReady) {
    await initI18n();
    i18nReady = true;
  }
  await setLanguage(lang);
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>,
    );
  });
  await settle();
  return {
    container,
    q: (id) => container.querySelector(`[data-testid="${id}"]`),
    text: () => container.textContent ?? '',
    async unmount() {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}
