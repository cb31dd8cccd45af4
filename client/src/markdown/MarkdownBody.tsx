import { useEffect, useRef } from 'react';
import { enhance } from './enhance';

/** Sanitised HTML from renderMarkdown, then lazily enhanced (code, math, diagrams). */
export function MarkdownBody({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
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
    void enhance(el, html, () => current);
    return () => {
      current = false;
    };
  }, [html]);
  return <div ref={ref} className={`markdown-body ${className ?? ''}`} data-testid="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
