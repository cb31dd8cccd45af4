import DOMPurify from 'dompurify';

/** Notice content is HTML from the server; it is sanitised again before it is shown. */
export function safeNoticeHtml(html: string | undefined): string {
  return DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}
