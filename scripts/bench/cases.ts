// What the bench measures (DESIGN.md §7), as request lists autocannon cycles through.
import type { LoadRequest } from './measure';
import type { Seeded } from './seed';
import { EN, pageMarkdown, rng } from './content';
import { pageWritingJob, type Background } from './background';

export interface Case {
  endpoint: string;
  connections: number;
  requests(s: Seeded): LoadRequest[];
  /** work started before the load and ended after it (a background job) */
  background?: Background;
}

const form = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

const post = (p: string, token: string, body: Record<string, string | number>): LoadRequest => ({
  method: 'POST',
  path: `/api/${p}`,
  // what a browser sends: large cached answers (item/info's menu) come back gzipped
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-token': token, 'accept-encoding': 'gzip, deflate, br' },
  body: form(body),
});

export const CASES: Case[] = [
  {
    // the ceiling on this machine at this moment: the full middleware stack, no database
    endpoint: 'baseline: common/version (no database)',
    connections: 32,
    requests: () => [{ method: 'POST', path: '/api/common/version', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' }],
  },
  {
    endpoint: 'page/info',
    connections: 32,
    requests: (s) => s.menuPageIds.slice(0, 200).map((id) => post('page/info', s.token, { page_id: id })),
  },
  {
    // the same load while the app process runs a job beside it (export rows: scripts/bench/background.ts)
    endpoint: 'page/info while a job runs (test job writing pages)',
    connections: 32,
    requests: (s) => s.menuPageIds.slice(0, 200).map((id) => post('page/info', s.token, { page_id: id })),
    background: pageWritingJob,
  },
  {
    endpoint: 'item/info (1,000 pages)',
    connections: 32,
    requests: (s) => [post('item/info', s.token, { item_id: s.menuItemId })],
  },
  {
    endpoint: 'page/save (with history)',
    connections: 32,
    requests: (s) => {
      const r = rng(99);
      return s.menuPageIds.slice(200, 600).map((id, i) =>
        post('page/save', s.token, { page_id: id, item_id: s.menuItemId, page_title: `Saved ${i}`, page_content: pageMarkdown(r, i, 2000) }),
      );
    },
  },
  ...[
    ['item/search "deploy" (English)', 'deploy'],
    ['item/search "数据库" (Chinese)', '数据库'],
    ['item/search "网" (one character)', '网'],
  ].map(([endpoint, keyword]) => ({
    endpoint,
    connections: 16,
    requests: (s: Seeded) => [post('item/search', s.token, { item_id: s.searchItemId, keyword })],
  })),
  // Repeated keywords (above) are answered from the search cache until the item is written;
  // in these two every request is new to it, so they measure the index and the query themselves.
  {
    // every case variant (up to 256) of every word, pages 1–4: about 9,300 distinct requests,
    // more than the load sends within the cache's time-to-live
    endpoint: 'item/search, every request new: a common word (CaSe variants, pages 1–4)',
    connections: 16,
    requests: (s) => {
      const out: LoadRequest[] = [];
      for (const word of EN)
        for (let bits = 0; bits < 1 << word.length && bits < 256; bits++)
          for (const page of [1, 2, 3, 4]) {
            const keyword = [...word].map((ch, i) => (bits & (1 << i) ? ch.toUpperCase() : ch)).join('');
            out.push(post('item/search', s.token, { item_id: s.searchItemId, keyword, page }));
          }
      return out;
    },
  },
  {
    // few hits, the GIN index path (the words above match nearly every page: the ordered walk);
    // a page number alone or with a word of its title, each 0–2 hits
    endpoint: 'item/search, every request new: a rare word (page numbers, 27,000 keywords)',
    connections: 16,
    requests: (s) => {
      const out: LoadRequest[] = [];
      for (let i = 1000; i < 10_000; i++)
        for (const keyword of [String(i), `${EN[i % EN.length]} ${i}`, `${EN[(i + 7) % EN.length]} ${i}`]) out.push(post('item/search', s.token, { item_id: s.searchItemId, keyword }));
      return out;
    },
  },
];
