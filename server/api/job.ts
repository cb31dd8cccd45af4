// /api/job/*: the caller's background jobs, for the Downloads screen: list, follow, cancel,
// retry, download the result. Our extension; every action answers only the job's own user.
import { action, controller, rawReply } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/job';
import { ownJob } from '../policies/jobAccess';
import { accessToItemId } from '../policies/request';
import { requireEdit } from '../policies/itemAccess';
import { cancelJob, listJobs, retryJob } from '../jobs/control';
import { enqueueJob } from '../jobs/enqueue';
import { serveResult } from '../jobs/results';
import { presentJob } from '../presenters/job';
import type { TestPagesData } from '../jobs/testKinds';

const list = action(api.list, {
  auth: 'required',
  async run(req) {
    return (await listJobs(req.deps, req.me().uid)).map((row) => presentJob(row, req.lang));
  },
});

const info = action(api.info, {
  auth: 'required',
  async run(req, p) {
    return presentJob(await ownJob(req.deps, req.user, p.job_id), req.lang);
  },
});

const cancel = action(api.cancel, {
  auth: 'required',
  async run(req, p) {
    const job = await ownJob(req.deps, req.user, p.job_id);
    return presentJob({ ...(await cancelJob(req.deps, job)), itemName: job.itemName }, req.lang);
  },
});

const retry = action(api.retry, {
  auth: 'required',
  async run(req, p) {
    const job = await ownJob(req.deps, req.user, p.job_id);
    return presentJob({ ...(await retryJob(req.deps, job)), itemName: job.itemName }, req.lang);
  },
});

/** A link the browser opens (session cookie, or a download ticket for other clients). */
const download = action(api.download, {
  auth: 'required',
  browserGet: true,
  async run(req, p) {
    const job = await ownJob(req.deps, req.user, p.job_id);
    const served = await serveResult(req.deps, job);
    if (!served) throw new ApiError(ErrorCode.GENERIC, 'This job has no file to download: it has not finished, or its file was removed 7 days after it finished', undefined, 404);
    return rawReply(served);
  },
});

/** QUIRE_TEST_JOBS=1 only (refused in production); elsewhere it answers like an unknown action. */
const startTest = action(api.startTest, {
  auth: 'required',
  async run(req, p) {
    if (!req.deps.config.testJobs) throw new ApiError(ErrorCode.UNKNOWN_ACTION, 'Invalid request', undefined, 404);
    requireEdit(await accessToItemId(req, p.item_id));
    const data: TestPagesData = { itemId: p.item_id, pages: p.pages, stepMs: p.step_ms, failAt: p.fail_at || undefined };
    const { jobId } = await enqueueJob(req.deps, 'test.pages', data, { uid: req.me().uid, itemId: p.item_id });
    return presentJob(await ownJob(req.deps, req.user, jobId), req.lang);
  },
});

export default controller('job', { list, info, cancel, retry, download, startTest });
