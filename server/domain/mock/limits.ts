// Limits of the mock generator (security.md §1.7): templates are data, never code, and every
// run is bounded in time, memory and output.
export const MOCK_LIMITS = {
  /** stored template text */
  templateChars: 100_000,
  /** nesting of objects/arrays in the template */
  depth: 20,
  /** any repeat count in a rule ('list|n', 'str|min-max') */
  repeat: 10_000,
  /** decimal places in a number rule ('n|1-10.1-d') */
  decimals: 20,
  /** generated JSON */
  outputBytes: 1_000_000,
  /** one generation */
  timeMs: 2_000,
  /** heap of a generator thread */
  heapMb: 64,
  /** generator threads */
  workers: 2,
  /** generations waiting for a thread; more → busy error */
  queue: 50,
  /** a thread is replaced after this many generations */
  jobsPerWorker: 500,
  /** mock path length */
  pathChars: 500,
} as const;
