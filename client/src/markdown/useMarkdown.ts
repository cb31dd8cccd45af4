import { useMemo } from 'react';
import { renderMarkdown } from './renderer';
import type { Rendered } from '@shared/markdown/render';

const EMPTY: Rendered = { html: '', headings: [] };

/** Renders Markdown once per source (sanitised HTML + headings for the table of contents). */
export function useMarkdown(source: string | null | undefined): Rendered {
  return useMemo(() => (source ? renderMarkdown(source) : EMPTY), [source]);
}
