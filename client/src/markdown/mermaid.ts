// Mermaid diagrams, strict security: labels sanitised, click handlers and links off. A %%{init}%%
// directive cannot lower the level (securityLevel and friends are in mermaid's `secure` list),
// and the produced SVG goes through DOMPurify once more before it enters the page.
import mermaid from 'mermaid';
import DOMPurify from 'dompurify';

const purify = DOMPurify(window);
let ready = false;
let counter = 0;
let queue: Promise<void> = Promise.resolve();

const SECURE_KEYS = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'maxEdges', 'suppressErrorRendering', 'dompurifyConfig', 'htmlLabels'];

function init(): void {
  if (ready) return;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    secure: SECURE_KEYS,
    suppressErrorRendering: true,
    maxTextSize: 50_000,
    theme: 'neutral',
    // labels as SVG text, never parsed as HTML (an HTML label is drawn in the live page to be measured)
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    fontFamily: getComputedStyle(document.body).fontFamily,
  });
  ready = true;
}

export function sanitizeSvg(svg: string): string {
  return purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true, html: true },
    ADD_TAGS: ['foreignObject', 'style'],
    HTML_INTEGRATION_POINTS: { foreignobject: true },
    FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'a'],
    FORBID_ATTR: ['href', 'xlink:href', 'onclick', 'formaction', 'action'],
  }) as unknown as string;
}

/** mermaid.render works in a scratch element in <body>; drop whatever it left behind. */
function removeScratch(id: string): void {
  document.getElementById('d' + id)?.remove();
  document.getElementById('i' + id)?.remove();
  const stray = document.getElementById(id);
  if (stray && !stray.closest('[data-mermaid]')) stray.remove();
}

async function renderOne(el: HTMLElement): Promise<void> {
  const source = el.textContent ?? '';
  const id = `quire-mermaid-${++counter}`;
  try {
    const { svg } = await mermaid.render(id, source);
    removeScratch(id);
    el.innerHTML = sanitizeSvg(svg);
    el.classList.add('is-rendered');
  } catch (e) {
    removeScratch(id);
    el.classList.add('is-error');
    el.textContent = `${source}\n\n${e instanceof Error ? e.message.split('\n')[0] : 'Mermaid error'}`;
  }
}

export function renderMermaidWithin(root: HTMLElement, isCurrent: () => boolean): Promise<void> {
  init();
  const blocks = Array.from(root.querySelectorAll<HTMLElement>('[data-mermaid="1"]:not(.is-rendered):not(.is-error)'));
  // mermaid.render is not re-entrant: one diagram at a time across the whole page
  queue = queue.then(async () => {
    for (const el of blocks) {
      if (!isCurrent()) return;
      await renderOne(el);
    }
  });
  return queue;
}
