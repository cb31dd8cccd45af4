/** Escapes LIKE wildcards so a user's '%' or '_' matches itself (PostgreSQL's default escape is '\'). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}
