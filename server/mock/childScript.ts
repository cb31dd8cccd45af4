// The generator process's code as one plain script (esbuild bundle of child.ts, built once per
// server process, in memory). The child gets it on stdin, so it needs no file-system access at
// all and no TypeScript loader. esbuild is loaded with the first mock request (memory: DESIGN §7).
import { fromRoot } from '../paths';

let script: Promise<string> | null = null;

async function buildScript(): Promise<string> {
  const { build, stop } = await import('esbuild');
  const out = await build({
    entryPoints: [fromRoot('server/mock/child.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    legalComments: 'none',
    logLevel: 'silent',
  });
  void stop(); // esbuild's helper process is not needed again
  return out.outputFiles[0].text;
}

export function childScript(): Promise<string> {
  script ??= buildScript().catch((err: unknown) => {
    script = null; // try again on the next request
    throw err;
  });
  return script;
}
