// The edit-lock rule (DESIGN §5), the one place it is written. ShowDoc's HTTP lock (page/setLock,
// page/save), live editors joining a page's edit session, "lock editing", and co-editing
// connections all ask here, over the page's lock row:
// - a lock past its lock_to is no lock, and a lock never restrains its holder;
// - another user's 'session' lock (live editors) is shared: a live editor joins it, "lock editing"
//   takes it over, and content may be written under it (HTTP saves are merged into the live
//   document); only an HTTP client may not lock over it, since its lock would shut the editors out;
// - another user's 'http' or 'exclusive' lock refuses everybody, naming the holder.
import type { LockMode, LockRow } from '../db/repos/locks';

/** who asks: an HTTP-only client (ShowDoc), a live editor (the session), a live editor choosing "lock editing" */
export type LockWriter = LockMode;

/** what the rule reads of a lock row */
export type LockSeen = Pick<LockRow, 'lockUid' | 'lockUsername' | 'lockTo' | 'mode'>;

export interface LockViewer {
  uid: number;
}

export type LockDecision =
  /** the row becomes the viewer's, in this mode (a refresh when it was theirs) */
  | { outcome: 'take'; mode: LockMode }
  /** the viewer shares another user's live session; the row stays as it is */
  | { outcome: 'join'; holder: string }
  | { outcome: 'refuse'; holder: string; mode: LockMode };

export type LockVerdict = { allowed: true } | { allowed: false; holder: string };

/** unknown modes count as ShowDoc's HTTP lock (the column's default): they refuse others */
const modeOf = (mode: string): LockMode => (mode === 'session' || mode === 'exclusive' ? mode : 'http');

/** The row that counts at `now`: an expired lock is no lock. */
export function liveLock<T extends LockSeen>(row: T | undefined, now: number): T | undefined {
  return row && row.lockTo > now ? row : undefined;
}

/** The mode the viewer's own live lock keeps when they ask again as `writer`. */
function ownMode(held: LockMode, writer: LockWriter): LockMode {
  if (writer === 'exclusive') return 'exclusive';
  // an HTTP heartbeat of a live editor keeps the live mode; a live editor keeps their own "lock editing"
  if (writer === 'http') return held;
  return held === 'exclusive' ? 'exclusive' : 'session';
}

/** May the viewer take (or keep, or join) the page's lock as `writer`, and how the row ends up. */
export function decideLock(lock: LockSeen | undefined, viewer: LockViewer, writer: LockWriter, now: number): LockDecision {
  const live = liveLock(lock, now);
  if (!live) return { outcome: 'take', mode: writer };
  const held = modeOf(live.mode);
  if (live.lockUid === viewer.uid) return { outcome: 'take', mode: ownMode(held, writer) };
  if (held === 'session' && writer === 'session') return { outcome: 'join', holder: live.lockUsername };
  if (held === 'session' && writer === 'exclusive') return { outcome: 'take', mode: 'exclusive' };
  return { outcome: 'refuse', holder: live.lockUsername, mode: held };
}

/**
 * May the viewer change the page's content under its lock (an HTTP save, a co-editing update)?
 * Exactly what a live editor may do: a shared session does not refuse, anything else of another
 * user's does.
 */
export function mayWrite(lock: LockSeen | undefined, viewer: LockViewer, now: number): LockVerdict {
  const d = decideLock(lock, viewer, 'session', now);
  return d.outcome === 'refuse' ? { allowed: false, holder: d.holder } : { allowed: true };
}

/**
 * May the viewer let go of the lock as `writer`: an HTTP client releases only their own HTTP lock
 * (a live editor's session ends with the session); a live editor turns "lock editing" off only
 * on their own lock (it becomes a shared session again).
 */
export function canReleaseLock(lock: LockSeen | undefined, viewer: LockViewer, writer: Exclude<LockWriter, 'session'>): boolean {
  if (!lock || lock.lockUid !== viewer.uid) return false;
  return writer === 'exclusive' || modeOf(lock.mode) === 'http';
}

/**
 * The rule bound to one viewer and kind of writer, for the domain operations that load and write
 * lock rows (server/domain/locks): access is decided above the domain, so callers hand it down.
 */
export function lockRuleFor(viewer: LockViewer, writer: LockWriter) {
  return {
    uid: viewer.uid,
    take: (lock: LockSeen | undefined, now: number) => decideLock(lock, viewer, writer, now),
    release: (lock: LockSeen | undefined) => writer !== 'session' && canReleaseLock(lock, viewer, writer),
    write: (lock: LockSeen | undefined, now: number) => mayWrite(lock, viewer, now),
  };
}
