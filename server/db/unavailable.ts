// Failures that mean "the database is away for now" (restarting, unreachable, disk full, shutting
// down), told apart from bugs: the API answers them 503 with Retry-After, and the log names the
// cause instead of printing the failed query with its parameters (page contents).

/** PostgreSQL SQLSTATEs: connection exceptions (class 08), shutdowns (57P0x), out of resources */
const UNAVAILABLE_STATES: Record<string, string> = {
  '08000': 'connection lost',
  '08001': 'cannot connect',
  '08003': 'connection lost',
  '08004': 'connection refused',
  '08006': 'connection lost',
  '57P01': 'database shutting down',
  '57P02': 'database crashed',
  '57P03': 'database starting up',
  '53100': 'disk full',
  '53200': 'out of memory',
  '53300': 'too many connections',
};

const ERRNO: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection lost',
  EPIPE: 'connection lost',
  ETIMEDOUT: 'connect timeout',
  EHOSTUNREACH: 'host unreachable',
  ENOSPC: 'disk full',
};

const MESSAGES: [RegExp, string][] = [
  [/No space left on device|could not extend file/i, 'disk full'],
  [/Connection terminated/i, 'connection lost'],
  [/timeout exceeded when trying to connect/i, 'connect timeout'],
  [/Cannot use a pool after calling end|pool is closed|PGlite is closed/i, 'server shutting down'],
  [/the database system is (shutting down|starting up|in recovery mode)/i, 'database restarting'],
];

/** Why the database cannot answer now, or null for any other failure (the error and its causes). */
export function databaseUnavailableCause(err: unknown): string | null {
  let e: any = err;
  for (let depth = 0; e && depth < 6; depth++, e = e.cause) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_STATES[code]) return UNAVAILABLE_STATES[code];
    if (ERRNO[code]) return ERRNO[code];
    // a query error's own message quotes the query and its parameters: judge only the causes' texts
    if (!isQueryError(e)) {
      const msg = String(e.message ?? '');
      for (const [re, cause] of MESSAGES) if (re.test(msg)) return cause;
    }
  }
  return null;
}

/** drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>" with the driver's error as cause */
export function isQueryError(e: any): boolean {
  return !!e && typeof e === 'object' && 'query' in e && 'params' in e;
}
