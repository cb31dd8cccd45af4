// Limits of the mock generator (security.md §1.7): templates are data, never code, and every
// generation is bounded in size, time and memory.
export const MOCK_LIMITS = {
  /** stored template text */
  templateChars: 100_000,
  /** nesting of objects/arrays in the template */
  depth: 20,
  /** any repeat count in a rule ('list|n', 'str|min-max', 'obj|n') */
  repeat: 10_000,
  /** decimal places in a number rule ('n|1-10.1-d') */
  decimals: 20,
  /** nesting of [lists] and placeholders inside one placeholder's arguments */
  argDepth: 8,
  /** keys referring to sibling keys that refer to others ('@name' → name → …) */
  referenceDepth: 20,
  /** a regular-expression value ("/\\d{5,10}/") */
  regexChars: 1_000,
  /** a count in a regular-expression quantifier ({n,m}) */
  regexRepeat: 1_000,
  /** generated JSON */
  outputBytes: 1_000_000,
  /** interpreter steps of one generation (values, placeholders, regex pieces), output or not */
  steps: 5_000_000,
  /** one generation, then the child process is killed */
  timeMs: 2_000,
  /** V8 heap of a generator process */
  heapMb: 64,
  /** generator processes */
  processes: 2,
  /** generations waiting for a process; more → busy error */
  queue: 50,
  /** a process is replaced after this many generations */
  jobsPerProcess: 1_000,
  /** mock path length */
  pathChars: 500,
} as const;

export type MockLimits = { -readonly [K in keyof typeof MOCK_LIMITS]: number };
