// item/info answers every reader's unread notice count, on every request: a per-process cache of
// the counts saves that statement (the only one item/info still ran). A count goes when a notice
// for the user is created, read or put away, when an announcement is posted and when the user
// changes (reg_time, group: which announcements they see) — here at once, in other processes
// through the bridged events — and lives at most the read cache's time-to-live. A load that
// overlapped a drop is not kept; while other processes' events cannot arrive, counts are not cached.
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../../deps';
import { countUnread } from './count';

class UnreadCounts {
  private readonly counts = new LRUCache<number, { n: number; at: number }>({ max: 50_000 });
  /** bumped by each drop of a user (and of all): a load that overlapped it is not kept */
  private readonly gen = new Map<number, number>();
  private allGen = 0;
  private bypass = false;

  constructor(private readonly deps: AppDeps) {
    const drop = ({ uid }: { uid: number }) => {
      this.counts.delete(uid);
      this.gen.set(uid, (this.gen.get(uid) ?? 0) + 1);
    };
    const dropAll = () => {
      this.counts.clear();
      this.gen.clear();
      this.allGen++;
    };
    deps.events.on('notice.created', ({ toUid }) => drop({ uid: toUid }));
    deps.events.on('notice.read', drop);
    deps.events.on('user.updated', drop);
    deps.events.on('announcement.created', dropAll);
    deps.events.on('bridge.state', ({ up }) => {
      this.bypass = !up;
      dropAll();
    });
  }

  async get(uid: number): Promise<number> {
    if (this.bypass) return countUnread(this.deps.db, uid);
    const hit = this.counts.get(uid);
    if (hit && Date.now() - hit.at < this.deps.reads.ttlMs) return hit.n;
    const gen = this.gen.get(uid) ?? 0;
    const all = this.allGen;
    const at = Date.now();
    const n = await countUnread(this.deps.db, uid);
    if ((this.gen.get(uid) ?? 0) === gen && this.allGen === all) this.counts.set(uid, { n, at });
    return n;
  }
}

const caches = new WeakMap<AppDeps['events'], UnreadCounts>();

/** The user's unread notices and announcements, from the cache while no change to them is known. */
export function cachedUnreadCount(deps: AppDeps, uid: number): Promise<number> {
  let cache = caches.get(deps.events);
  if (!cache) caches.set(deps.events, (cache = new UnreadCounts(deps)));
  return cache.get(uid);
}
