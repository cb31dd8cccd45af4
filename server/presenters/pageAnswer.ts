// page/info's answer for a cached page row: serialised once per page version and extras, then
// spliced into every answer (and gzipped for free when large) — page/info is the most frequent
// read (DESIGN §7: 10,000 req/s).
import type { PageData } from '../db/repos/pages';
import { JsonFragment, jsonFragment } from '../lib/jsonFragment';
import { presentPageInfo } from './page';

/** the read cache's extras of a page (the same object until a write replaces it) */
type Extras = { readonly attachmentCount: number };

const answers = new WeakMap<PageData, { extras: Extras; uniqueKey: string; json: JsonFragment }>();

/** The same row and extras objects (readCache hands them out until a write) give the same bytes: a PageInfo. */
export function pageInfoAnswer(page: PageData, extras: Extras, uniqueKey: string): JsonFragment {
  const hit = answers.get(page);
  if (hit && hit.extras === extras && hit.uniqueKey === uniqueKey) return hit.json;
  const json = jsonFragment(presentPageInfo(page, { attachmentCount: extras.attachmentCount, uniqueKey }));
  answers.set(page, { extras, uniqueKey, json });
  return json;
}
