// page/info's answer for a cached page row: serialised once per page version and extras, then
// spliced into every answer (and gzipped for free when large) — page/info is the most frequent
// read (DESIGN §7: 10,000 req/s).
import type { PageData } from '../domain/pages/columns';
import type { PageExtras } from '../cache/readCache';
import { JsonFragment, jsonFragment } from '../lib/jsonFragment';
import { presentPage } from './page';

const answers = new WeakMap<PageData, { extras: PageExtras; uniqueKey: string; json: JsonFragment }>();

/** The same row and extras objects (readCache hands them out until a write) give the same bytes. */
export function pageInfoAnswer(page: PageData, extras: PageExtras, uniqueKey: string): JsonFragment {
  const hit = answers.get(page);
  if (hit && hit.extras === extras && hit.uniqueKey === uniqueKey) return hit.json;
  const json = jsonFragment({ ...presentPage(page), attachment_count: extras.attachmentCount, unique_key: uniqueKey });
  answers.set(page, { extras, uniqueKey, json });
  return json;
}
