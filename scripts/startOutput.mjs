// What `npm start` prints (scripts/start.mjs): one line per step, so a first start that builds
// the client and creates the database is never silent; Vite's output only when it matters.

/** A progress line: what is happening, and how long the step before took. */
export function stepLine(text, elapsedMs) {
  const took = elapsedMs === undefined ? '' : ` (${(elapsedMs / 1000).toFixed(1)} s)`;
  return `quire: ${text}${took}`;
}

// notes for Quire's developers, not for someone starting it: bundle-size advice, and Vite's
// notice about its future config loader
const HARMLESS = [
  /^\[plugin builtin:vite-reporter\]$/,
  /Some chunks are larger than/i,
  /^- Using dynamic import\(\) to code-split/i,
  /^- Use build\.(rollupOptions|rolldownOptions)\.output\.(manualChunks|codeSplitting)/i,
  /build\.chunkSizeWarningLimit/i,
  /unsupported by `configLoader: 'native'`/,
  /^- import ".*" without a file extension/,
  /VITE_CONFIG_NATIVE_IGNORE_WARNING/,
  /^\(!\)$/,
];

const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * The lines of Vite's output worth showing: all of them when the build failed; otherwise its
 * warnings except the notes above (and no blank lines, no colour codes).
 */
export function viteLinesWorthShowing(output, ok) {
  const lines = output
    .replace(ANSI, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return ok ? lines.filter((l) => !HARMLESS.some((re) => re.test(l))) : lines;
}

/** The URL in the server's "serving" line, or null. */
export function servingUrl(line) {
  const m = /Quire is serving on (\S+)/.exec(line);
  return m ? m[1] : null;
}
