// Load beside a measurement: "API latency of page/info while a job runs" (DESIGN §7: within 2×
// of idle). A case with `background` starts a job through the API before its load and ends it
// after; the row is judged against the same endpoint measured idle (budgets.ts RELATIVE).
// The export rows start their export (export/word, export/markdown…) with `whileJobRuns`.
import type { Seeded } from './seed';

export interface BackgroundLoad {
  /** ends the background work; what the row should say about it (e.g. it ended too early) */
  stop(): Promise<string | undefined>;
}

export type Background = (app: { url: string; seeded: Seeded }) => Promise<BackgroundLoad>;

async function call(url: string, token: string, action: string, params: Record<string, string | number>): Promise<any> {
  const res = await fetch(`${url}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-token': token },
    body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString(),
  });
  const env = await res.json();
  if (env.error_code !== 0) throw new Error(`${action}: ${env.error_code} ${env.error_message}`);
  return env.data;
}

/**
 * Runs the job `start` begins (it answers the job's id) while the load runs: waits until it runs,
 * and afterwards cancels it if it still does (a job that finished before the load ended is named in
 * the row: the measurement then covers less than the whole load).
 */
export function whileJobRuns(start: (url: string, s: Seeded) => Promise<string>): Background {
  return async ({ url, seeded }) => {
    const jobId = await start(url, seeded);
    const state = async () => (await call(url, seeded.token, 'job/info', { job_id: jobId })) as { state: string; progress: number };
    for (let i = 0; i < 600; i++) {
      const s = await state();
      if (s.state === 'running' && s.progress > 0) break;
      if (s.state !== 'queued' && s.state !== 'running') throw new Error(`the background job ended before the load: ${s.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return {
      stop: async () => {
        const s = await state();
        if (s.state === 'queued' || s.state === 'running') {
          await call(url, seeded.token, 'job/cancel', { job_id: jobId });
          return undefined;
        }
        return `the job ended (${s.state}) before the load did`;
      },
    };
  };
}

/** the test job kind (registered in the bench's app process): writes pages into the jobs item, one every 20 ms */
export const pageWritingJob = whileJobRuns(async (url, s) => {
  const job = await call(url, s.token, 'job/startTest', { item_id: s.jobsItemId, pages: 1000, step_ms: 20 });
  return job.job_id as string;
});
