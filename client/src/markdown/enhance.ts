// Lazy enhancements of rendered, sanitised HTML: code highlighting, KaTeX math, Mermaid diagrams.
// Each library is fetched only when the page contains something it is needed for.
import { contentFeatures } from '@shared/markdown/render';

export async function enhance(root: HTMLElement, html: string, isCurrent: () => boolean): Promise<void> {
  const f = contentFeatures(html);
  const jobs: Promise<void>[] = [];
  if (f.code) jobs.push(import('./highlight').then((m) => (isCurrent() ? m.highlightWithin(root) : undefined)));
  if (f.math) jobs.push(import('./math').then((m) => (isCurrent() ? m.renderMathWithin(root) : undefined)));
  if (f.mermaid) jobs.push(import('./mermaid').then((m) => (isCurrent() ? m.renderMermaidWithin(root, isCurrent) : undefined)));
  await Promise.allSettled(jobs);
}
