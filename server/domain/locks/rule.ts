// The edit-lock rule as the domain receives it. Access is decided above the domain, so the
// callers (api/, realtime/) hand down server/policies/locks.ts's lockRuleFor(viewer, writer);
// the operations here load and write the rows and ask it at the moment of writing.
import type { LockMode, LockRow } from '../../db/repos/locks';

export type LockTake =
  | { outcome: 'take'; mode: LockMode }
  | { outcome: 'join'; holder: string }
  | { outcome: 'refuse'; holder: string; mode: LockMode };

export interface LockRule {
  /** the viewer the rule was bound to (whose own lock never restrains them) */
  readonly uid: number;
  /** taking, keeping or joining the page's lock */
  take(lock: LockRow | undefined, now: number): LockTake;
  /** letting go of it */
  release(lock: LockRow | undefined): boolean;
  /** writing the page's content under it */
  write(lock: LockRow | undefined, now: number): { allowed: true } | { allowed: false; holder: string };
}
