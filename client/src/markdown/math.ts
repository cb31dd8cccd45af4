// KaTeX for $…$ / $$…$$ placeholders. trust: false keeps \href{javascript:…}, \htmlData and friends
// inert; maxExpand and maxSize cap macro bombs.
import katex from 'katex';
import 'katex/dist/katex.min.css';

import { KATEX_OPTIONS } from '@shared/markdown/math';

export { KATEX_OPTIONS };

export function renderMathWithin(root: HTMLElement): void {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-math]'))) {
    if (el.classList.contains('is-rendered')) continue;
    const tex = el.textContent ?? '';
    try {
      katex.render(tex, el, { ...KATEX_OPTIONS, displayMode: el.dataset.math === 'display' });
      el.classList.add('is-rendered');
    } catch {
      el.textContent = tex;
    }
  }
}
