// A user's colour: their avatar in the editors' presence and their cursor and selection when
// co-editing. The server stamps it on presence and on every co-editing awareness update, and the
// editor uses the same function for its own user, so everyone sees a user in one colour.
const PALETTE = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0969da', '#cf222e', '#116329', '#953800', '#6639ba', '#0550ae'];

/** grey for a connection without a user (uid 0) */
const NOBODY = '#6e7781';

export function avatarColor(uid: number): string {
  if (!uid) return NOBODY;
  return PALETTE[uid % PALETTE.length];
}
