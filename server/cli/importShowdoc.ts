// `npm run import:showdoc -- --db <Sqlite/showdoc.db.php> --uploads <Public/Uploads> [--site-url <old
// address>] [--dry-run] [--report <file.json>]`: moves a ShowDoc installation into this Quire's
// database (embedded or PostgreSQL). Safe to run again: what a run imported is skipped by the next
// (a run that was killed continues where it stopped). Progress goes to stderr, the report to stdout.
import fs from 'node:fs';
import { ApiError } from '../errors';
import { interpolate } from '../../shared/messages';
import { importShowdoc } from '../domain/showdoc/import';
import type { ShowdocImportReport } from '../domain/showdoc/types';
import { withConfiguredDatabase, type CliResult } from './database';

const NAME = 'quire import:showdoc';
const USAGE = `usage: npm run import:showdoc -- --db <path to Sqlite/showdoc.db.php> --uploads <path to Public/Uploads> [--site-url <old site URL>] [--dry-run] [--report <file.json>]
  --db        ShowDoc's database file (stop ShowDoc first, or copy the file)
  --uploads   ShowDoc's Public/Uploads folder (attachments and images); without it, files are reported missing
  --site-url  the address ShowDoc was reached at, e.g. http://docs.example.com (default: its site_url option)
  --dry-run   count what would be imported; write nothing
  --report    also write the whole report as JSON to this file`;

interface Args {
  db: string;
  uploads: string | null;
  siteUrl?: string;
  dryRun: boolean;
  report?: string;
}

class UsageError extends Error {}

function parse(argv: string[]): Args {
  const out: Partial<Args> = { dryRun: false, uploads: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--db') out.db = value();
    else if (a === '--uploads') out.uploads = value();
    else if (a === '--site-url') out.siteUrl = value();
    else if (a === '--report') out.report = value();
    else if (a === '--dry-run') out.dryRun = true;
    else throw new UsageError(`unknown argument ${a}`);
  }
  if (!out.db) throw new UsageError('--db is required');
  if (!fs.existsSync(out.db)) throw new UsageError(`no file at ${out.db}`);
  if (out.uploads && !fs.statSync(out.uploads, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`no folder at ${out.uploads}`);
  return out as Args;
}

const say = (template: string, vars?: Record<string, string | number>) => interpolate(template, vars ?? {});

/** the report as an operator reads it in a terminal */
export function formatReport(r: ShowdocImportReport): string {
  const lines = [r.dryRun ? 'Dry run: nothing was written. It would import:' : `Imported in ${r.seconds} s:`];
  lines.push('  table                 source  imported  already  skipped');
  for (const [t, c] of Object.entries(r.tables)) {
    lines.push(`  ${t.padEnd(20)} ${String(c.source).padStart(7)} ${String(c.imported).padStart(9)} ${String(c.already).padStart(8)} ${String(c.skipped).padStart(8)}`);
  }
  const kept = Object.entries(r.keptIds);
  if (kept.length) lines.push(`ShowDoc ids kept: ${kept.filter(([, k]) => k).map(([t]) => t).join(', ') || 'none'}; new ids: ${kept.filter(([, k]) => !k).map(([t]) => t).join(', ') || 'none'}`);
  for (const kind of ['item', 'catalog', 'page'] as const) {
    if (r.idMap[kind].length) lines.push(`${kind} ids changed (ShowDoc → Quire): ${r.idMap[kind].slice(0, 50).map(([a, b]) => `${a}→${b}`).join(' ')}${r.idMap[kind].length > 50 ? ' …' : ''}`);
  }
  if (r.mergedUsers.length) lines.push(`Users merged into the Quire account of the same name (their Quire password stays): ${r.mergedUsers.join(', ')}`);
  if (r.skippedTotal) {
    lines.push(`Skipped (${r.skippedTotal}):`);
    for (const s of r.skipped.slice(0, 50)) lines.push(`  ${s.table} ${s.key}: ${say(s.reason, s.vars)}`);
    if (r.skippedTotal > 50) lines.push(`  … ${r.skippedTotal - 50} more (--report writes them all)`);
  }
  if (r.missingFilesTotal) {
    lines.push(`Files missing from the uploads folder (${r.missingFilesTotal}); their rows were imported, downloads answer "missing":`);
    for (const f of r.missingFiles.slice(0, 50)) lines.push(`  ${f}`);
    if (r.missingFilesTotal > 50) lines.push(`  … ${r.missingFilesTotal - 50} more`);
  }
  return lines.join('\n');
}

export async function runImportShowdocCli(argv: string[], env: NodeJS.ProcessEnv = process.env, progress: (line: string) => void = () => {}): Promise<CliResult> {
  if (argv.includes('--help') || argv.length === 0) return { code: argv.length ? 0 : 2, out: USAGE };
  let args: Args;
  try {
    args = parse(argv);
  } catch (e) {
    if (e instanceof UsageError) return { code: 2, out: `${NAME}: ${e.message}\n${USAGE}` };
    throw e;
  }
  return withConfiguredDatabase(NAME, env, async (deps) => {
    let lastStage = '';
    let lastPercent = -5;
    try {
      const report = await importShowdoc(deps, {
        dbFile: args.db,
        uploadsDir: args.uploads,
        siteUrl: args.siteUrl,
        dryRun: args.dryRun,
        // a line when the stage changes, and every 5 % within a long one
        progress: (percent, stage, vars) => {
          const text = say(stage, vars);
          if (text === lastStage && percent < lastPercent + 5 && percent !== 100) return;
          [lastStage, lastPercent] = [text, percent];
          progress(`${String(percent).padStart(3)}% ${text}`);
        },
      });
      if (args.report) fs.writeFileSync(args.report, JSON.stringify(report, null, 2));
      return { code: 0, out: formatReport(report) };
    } catch (e) {
      if (e instanceof ApiError) return { code: 1, out: `${NAME}: ${say(e.template, e.vars)}` };
      throw e;
    }
  });
}

const isMain = process.argv[1] && /cli[\\/]importShowdoc\.ts$/.test(process.argv[1]);
if (isMain) {
  runImportShowdocCli(process.argv.slice(2), process.env, (line) => process.stderr.write(line + '\n')).then(
    (r) => {
      (r.code === 0 ? process.stdout : process.stderr).write(r.out + '\n');
      process.exit(r.code);
    },
    (e) => {
      process.stderr.write(`${NAME}: ${e?.stack || e}\n`);
      process.exit(1);
    },
  );
}
