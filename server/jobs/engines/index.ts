// The engine for this configuration: BullMQ with REDIS_URL, in-process without.
import type { AppDeps } from '../../deps';
import type { JobQueue } from '../queue';
import { BullQueue } from './bullmq';
import { InProcessQueue } from './inProcess';

export function createJobQueue(deps: AppDeps): JobQueue {
  return deps.config.redisUrl ? new BullQueue(deps, deps.config.redisUrl) : new InProcessQueue(deps);
}
