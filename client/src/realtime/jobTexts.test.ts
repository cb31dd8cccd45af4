import { describe, expect, it } from 'vitest';
import type { PushedJob } from './jobs';
import { inLanguage } from './jobTexts';

const push = (u: Partial<PushedJob>): PushedJob => ({ job_id: 'j1', name: 'export.word', item_id: 3, status: 'running', progress: 40, stage: '', ...u });

describe('a pushed job in the reader\'s language', () => {
  it('fills in the Chinese text of the stage and the failure from shared/messages', () => {
    const p = push({ stage: 'Page 19 of 300', stage_template: 'Page {n} of {total}', stage_vars: { n: 19, total: 300 }, error: 'Page not found or deleted', error_template: 'Page not found or deleted', error_vars: {} });
    expect(inLanguage(p, 'zh')).toMatchObject({ stage: '页面 19 / 300', error: '页面不存在或者已删除', progress: 40 });
    expect(inLanguage(p, 'en')).toMatchObject({ stage: 'Page 19 of 300', error: 'Page not found or deleted' });
  });

  it('keeps the text as sent when there is no template (an older server) or no Chinese text (an error of the server)', () => {
    expect(inLanguage(push({ stage: 'Checking access' }), 'zh').stage).toBe('Checking access');
    expect(inLanguage(push({ status: 'failed', error: 'ENOSPC: no space left on device', error_template: 'ENOSPC: no space left on device', error_vars: {} }), 'zh').error).toBe('ENOSPC: no space left on device');
    expect(inLanguage(push({ stage: 'Done', stage_template: 'Done', stage_vars: {} }), 'zh')).not.toHaveProperty('error');
  });
});
