import { useEffect, useRef } from 'react';
import { enhance } from './enhance';
import { markKeyword, unmarkKeyword } from './markKeyword';

/**
 * Sanitised HTML from renderMarkdown, then lazily enhanced (code, math, diagrams); `highlight`: a
 * searched keyword, marked once enhanced, and the first match scrolled to.
 */
export function MarkdownBody({ html, className, highlight }: { html: string; className?: string; highlight?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const enhanced = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let current = true;
    // a link to a heading (#anchor) arrives before the page's content does: scroll once it is here
    const hash = window.location.hash.slice(1);
    if (hash) {
      let decoded = hash;
      try {
        decoded = decodeURIComponent(hash);
      } catch {}
      const target = [hash, decoded].map((id) => document.getElementById(id)).find((t) => t && el.contains(t));
      target?.scrollIntoView({ block: 'start' });
    }
    enhanced.current = enhance(el, html, () => current);
    return () => {
      current = false;
    };
  }, [html]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let current = true;
    void enhanced.current.then(() => {
      if (!current) return;
      unmarkKeyword(el);
      markKeyword(el, highlight ?? '')?.scrollIntoView({ block: 'center' });
    });
    return () => {
      current = false;
    };
  }, [html, highlight]);
  return <div ref={ref} className={`markdown-body ${className ?? ''}`} data-testid="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
