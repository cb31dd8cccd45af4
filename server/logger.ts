// A small leveled logger: one line per event, values JSON-encoded so user input cannot forge lines.
import { redactText } from './logRedaction';
import { errorForLog } from './errorForLog';

export type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

export function createLogger(level: Level = 'info', bindings: Record<string, unknown> = {}): Logger {
  const min = order[level];
  const write = (lvl: Exclude<Level, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < min) return;
    // a field left undefined is not written
    const all = Object.entries({ ...bindings, ...fields }).filter(([, v]) => v !== undefined);
    const extra = all.length ? ' ' + all.map(([k, v]) => `${k}=${fmt(v)}`).join(' ') : '';
    // credentials quoted in a message or an error (a request URL) are masked (logRedaction.ts)
    const line = redactText(`${new Date().toISOString()} ${lvl.toUpperCase()} ${msg.replace(/[\r\n]+/g, ' ')}${extra}`) + '\n';
    (lvl === 'error' || lvl === 'warn' ? process.stderr : process.stdout).write(line);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (b) => createLogger(level, { ...bindings, ...b }),
  };
}

function fmt(v: unknown): string {
  if (v instanceof Error) return JSON.stringify(errorForLog(v));
  if (typeof v === 'string') return JSON.stringify(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
