import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { JobProgress } from './JobProgress';
import type { JobUpdate, WatchJob } from './watchJob';
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
});
