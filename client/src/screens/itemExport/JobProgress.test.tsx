import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { JobProgress } from './JobProgress';
import { followJobs, type JobSource, type JobUpdate, type WatchJob } from './watchJob';
import type { JobInfo } from '@shared/api/job';
import type { PushedJob } from '../../realtime/jobs';
import { renderAt, type Rendered } from '../itemSetting/shared/renderForTest';

/** A job feed the test drives: what the gateway's 'job' events would deliver. */
function feed() {
  const listeners = new Map<string, (u: JobUpdate) => void>();
  const watch: WatchJob = (jobId, onUpdate) => {
    listeners.set(jobId, onUpdate);
    return () => listeners.delete(jobId);
  };
  const push = async (u: Partial<JobUpdate> & { status: string }) => act(async () => listeners.get('j7')?.({ job_id: 'j7', progress: 0, ...u }));
  return { watch, push, listeners };
}

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('JobProgress', () => {
  it('follows a queued export live up to the download', async () => {
    const f = feed();
    view = await renderAt('/item/export/9', '/item/export/:item_id', <JobProgress jobId="j7" pages={120} watch={f.watch} />);
    expect(view.text()).toContain('This export holds 120 pages');
    expect(view.text()).toContain('Waiting for a worker');
    await f.push({ status: 'running', progress: 42, stage: 'Page 50 of 120' });
    expect(view.q('export-job')!.getAttribute('data-status')).toBe('running');
    expect(view.text()).toContain('42%');
    expect(view.text()).toContain('Page 50 of 120');
    expect(view.q('export-job-download')).toBeNull();
    await f.push({ status: 'done', progress: 100 });
    expect(view.text()).toContain('Your export is ready.');
    await act(async () => view!.q('export-job-download')!.click());
    expect(view.q('elsewhere')).not.toBeNull();
  });

  it('shows a failure with its message, in Chinese too, and stops listening when it leaves', async () => {
    const f = feed();
    view = await renderAt('/item/export/9', '/item/export/:item_id', <JobProgress jobId="j7" pages={60} watch={f.watch} />, 'zh-CN');
    await f.push({ status: 'failed', progress: 30, error: '没有权限' });
    expect(view.q('export-job-failed')!.textContent).toBe('导出失败：没有权限');
    // a late progress event does not bring the bar back
    await f.push({ status: 'running', progress: 50 });
    expect(view.q('export-job')!.getAttribute('data-status')).toBe('failed');
    await view.unmount();
    view = undefined;
    expect(f.listeners.size).toBe(0);
  });

  it('a Chinese reader reads the stage and the failure the worker pushed in Chinese', async () => {
    // the socket as the gateway drives it: English text with its template and values
    const handlers = new Map<string, (...a: any[]) => void>();
    const source: JobSource = {
      on: (event, fn) => handlers.set(event, fn),
      off: (event) => handlers.delete(event),
      readJob: async (jobId) => ({ job_id: jobId, kind: 'export.word', state: 'queued', progress: 0, stage: '', error: '' }) as unknown as JobInfo,
    };
    const follow = followJobs(source);
    const push = (u: Partial<PushedJob>) => act(async () => handlers.get('job')!({ job_id: 'j7', name: 'export.word', item_id: 9, status: 'running', progress: 0, stage: '', ...u }));
    view = await renderAt('/item/export/9', '/item/export/:item_id', <JobProgress jobId="j7" pages={300} watch={follow.watch} />, 'zh-CN');
    await push({ progress: 6, stage: 'Page 19 of 300', stage_template: 'Page {n} of {total}', stage_vars: { n: 19, total: 300 } });
    expect(view.q('export-job')!.textContent).toContain('页面 19 / 300');
    expect(view.text()).not.toContain('Page 19');
    await push({ status: 'failed', progress: 6, stage: 'Page 19 of 300', error: 'Page not found or deleted', error_template: 'Page not found or deleted', error_vars: {} });
    expect(view.q('export-job-failed')!.textContent).toBe('导出失败：页面不存在或者已删除');
    follow.stop();
  });
});
