// Operator CLI: `npm run admin -- <command> …` (works while the server is stopped).
//   create-user <username> <password> [--admin]
//   reset-password <username> <password>
//   make-admin <username>
// With PGlite (no DATABASE_URL) it refuses while a server holds DATA_DIR (two writers would corrupt
// it) and holds the data-dir lock itself while it runs. With DATABASE_URL it works beside running servers.
import type { AppDeps } from '../deps';
import { withConfiguredDatabase, type CliResult } from './database';
import { ApiError } from '../errors';
import { interpolate } from '../../shared/messages';
import { createUser, findUserByName, setPassword, validatePassword } from '../domain/accounts';
import { setGroup } from '../domain/admin/users';

const USAGE = `usage: npm run admin -- <command>
  create-user <username> <password> [--admin]   add a local account (--admin: administrator)
  reset-password <username> <password>          set a new password (ends the user's sessions)
  make-admin <username>                         make an existing user administrator`;

class UsageError extends Error {}

export type { CliResult };

function parse(argv: string[]): { cmd: string; args: string[]; admin: boolean } {
  const flags = argv.filter((a) => a.startsWith('--'));
  const args = argv.filter((a) => !a.startsWith('--'));
  const unknown = flags.filter((f) => f !== '--admin');
  if (unknown.length) throw new UsageError(`unknown option ${unknown[0]}`);
  const [cmd = '', ...rest] = args;
  return { cmd, args: rest, admin: flags.includes('--admin') };
}

function need(args: string[], n: number, cmd: string): void {
  if (args.length !== n) throw new UsageError(`${cmd} takes ${n} argument${n > 1 ? 's' : ''}, got ${args.length}`);
}

async function mustUser(deps: AppDeps, username: string) {
  const u = await findUserByName(deps, username);
  if (!u) throw new ApiError(0, 'no user named "{username}"', { username });
  return u;
}

async function runCommand(deps: AppDeps, cmd: string, args: string[], admin: boolean): Promise<string> {
  switch (cmd) {
    case 'create-user': {
      need(args, 2, cmd);
      const [username, password] = args;
      validatePassword(password);
      // without --admin the first account of an empty database still becomes administrator (as on register)
      const u = await createUser(deps, { username, password, groupid: admin ? 1 : undefined });
      return `created user ${u.username} (uid ${u.uid}${u.groupid === 1 ? ', administrator' : ''})`;
    }
    case 'reset-password': {
      need(args, 2, cmd);
      const [username, password] = args;
      const u = await mustUser(deps, username);
      await setPassword(deps, u.uid, password);
      return `password of ${u.username} changed; their sessions were ended`;
    }
    case 'make-admin': {
      need(args, 1, cmd);
      const u = await mustUser(deps, args[0]);
      if (u.groupid === 1) return `${u.username} is already an administrator`;
      await setGroup(deps, u.uid, 1);
      return `${u.username} is now an administrator`;
    }
    default:
      throw new UsageError(cmd ? `unknown command "${cmd}"` : 'no command given');
  }
}

const usageError = (msg: string): CliResult => ({ code: 2, out: `quire admin: ${msg}\n${USAGE}` });

/** Parses argv and runs the command on an open database (the CLI's core; tests call it directly). */
export async function runAdminCommand(deps: AppDeps, argv: string[]): Promise<CliResult> {
  try {
    const { cmd, args, admin } = parse(argv);
    return { code: 0, out: await runCommand(deps, cmd, args, admin) };
  } catch (e) {
    if (e instanceof UsageError) return usageError(e.message);
    if (e instanceof ApiError) return { code: 1, out: `quire admin: ${interpolate(e.template, e.vars)}` };
    return { code: 1, out: `quire admin: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Runs the CLI against the configured database; returns the exit code and the line to print. */
export async function runAdminCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  try {
    const { cmd } = parse(argv);
    if (!cmd || cmd === 'help') return { code: cmd ? 0 : 2, out: USAGE };
  } catch (e) {
    if (e instanceof UsageError) return usageError(e.message);
    throw e;
  }

  return withConfiguredDatabase('quire admin', env, (deps) => runAdminCommand(deps, argv));
}

const isMain = process.argv[1] && /cli[\\/]admin\.ts$/.test(process.argv[1]);
if (isMain) {
  runAdminCli(process.argv.slice(2)).then(
    (r) => {
      (r.code === 0 ? process.stdout : process.stderr).write(r.out + '\n');
      process.exit(r.code);
    },
    (e) => {
      process.stderr.write(`quire admin: ${e?.stack || e}\n`);
      process.exit(1);
    },
  );
}
