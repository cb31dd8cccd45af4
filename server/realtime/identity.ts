// A stable avatar colour per user, so presence and cursors look the same everywhere.
const PALETTE = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0969da', '#cf222e', '#116329', '#953800', '#6639ba', '#0550ae'];

export function avatarColor(uid: number): string {
  if (!uid) return '#6e7781';
  return PALETTE[uid % PALETTE.length];
}
