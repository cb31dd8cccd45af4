import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { servingUrl, stepLine, viteLinesWorthShowing } from './startOutput.mjs';

// what Vite 8 printed after a good build of Quire's client (colour codes and all)
const GOOD_BUILD = [
  "\x1b[33m(!) Your Vite config uses features that are unsupported by `configLoader: 'native'`, which is planned to become the default in a future major version of Vite:",
  '  - import "./scripts/build/precompress" without a file extension (vite.config.ts:4:29). Add the file extension',
  'Set `VITE_CONFIG_NATIVE_IGNORE_WARNING=true` to suppress this warning.\x1b[39m',
  '\x1b[33m[plugin builtin:vite-reporter] ',
  '(!) Some chunks are larger than 2000 kB after minification. Consider:',
  '- Using dynamic import() to code-split the application',
  '- Use build.rolldownOptions.output.codeSplitting to improve chunking: https://rolldown.rs/reference/OutputOptions.codeSplitting',
  '- Adjust chunk size limit for this warning via build.chunkSizeWarningLimit.\x1b[39m',
  '',
].join('\n');
const CHUNK_WARNING = GOOD_BUILD;

describe('npm start output', () => {
  it('says what each step does, with the time the last one took', () => {
    expect(stepLine('building the web client…')).toBe('quire: building the web client…');
    expect(stepLine('web client built', 61234)).toBe('quire: web client built (61.2 s)');
  });

  it("hides Vite's bundle-size advice after a good build, keeps other warnings", () => {
    expect(viteLinesWorthShowing(CHUNK_WARNING, true)).toEqual([]);
    const other = 'warning: "foo" is not exported by "bar.ts"';
    expect(viteLinesWorthShowing(`${CHUNK_WARNING}${other}\n`, true)).toEqual([other]);
  });

  it('shows everything when the build failed', () => {
    const out = `${CHUNK_WARNING}error during build:\nclient/src/x.tsx (3:1): Expected ";"\n`;
    const shown = viteLinesWorthShowing(out, false);
    expect(shown).toContain('error during build:');
    expect(shown.join('\n')).not.toContain('\x1b[');
    expect(shown.some((l: string) => l.includes('Some chunks'))).toBe(true);
  });

  it("reads the address from the server's serving line", () => {
    expect(servingUrl('2026-11-26T23:00:00.000Z INFO Quire is serving on http://localhost:4999 database="pglite"')).toBe('http://localhost:4999');
    expect(servingUrl('2026-11-26T23:00:00.000Z INFO applying database migrations')).toBeNull();
  });
});
