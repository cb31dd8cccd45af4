// Live preview with the shared renderer, a little behind the typing, scrolled with the editor.
import { useEffect, useRef, useState } from 'react';
import { renderMarkdown } from '../../markdown/renderer';
import { MarkdownBody } from '../../markdown/MarkdownBody';
import { EDITOR_HEIGHT } from './limits';

export function PreviewPane({ text, scrollRatio }: { text: string; scrollRatio: number }) {
  const [html, setHtml] = useState('');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const t = setTimeout(() => setHtml(renderMarkdown(text).html), 150);
    return () => clearTimeout(t);
  }, [text]);

  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = scrollRatio * (el.scrollHeight - el.clientHeight);
  }, [scrollRatio, html]);

  return (
    <div ref={box} className="quire-editor-preview" data-testid="editor-preview" style={{ height: EDITOR_HEIGHT, overflow: 'auto' }}>
      <MarkdownBody html={html} />
    </div>
  );
}
