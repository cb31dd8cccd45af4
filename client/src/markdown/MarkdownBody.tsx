import { useEffect, useRef } from 'react';
import { enhance } from './enhance';

/** Sanitised HTML from renderMarkdown, then lazily enhanced (code, math, diagrams). */
export function MarkdownBody({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let current = true;
    void enhance(el, html, () => current);
    return () => {
      current = false;
    };
  }, [html]);
  return <div ref={ref} className={`markdown-body ${className ?? ''}`} data-testid="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
