// Dates for @date, @time, @datetime and @now, in the server's time zone, formatted with
// Mock.js's pattern letters (yyyy yy y MM M dd d HH H hh h mm m ss s SS S A a T).
export interface DateFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  /** milliseconds since the epoch */
  time: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** pattern letters, longest first where they share a letter (the order Mock.js tries them) */
const LETTERS: [string, (d: DateFields) => string][] = [
  ['yyyy', (d) => String(d.year)],
  ['yy', (d) => String(d.year).slice(2)],
  ['y', (d) => String(d.year).slice(2)],
  ['MM', (d) => pad(d.month)],
  ['M', (d) => String(d.month)],
  ['dd', (d) => pad(d.day)],
  ['d', (d) => String(d.day)],
  ['HH', (d) => pad(d.hour)],
  ['H', (d) => String(d.hour)],
  ['hh', (d) => pad(d.hour % 12)],
  ['h', (d) => String(d.hour % 12)],
  ['mm', (d) => pad(d.minute)],
  ['m', (d) => String(d.minute)],
  ['ss', (d) => pad(d.second)],
  ['s', (d) => String(d.second)],
  ['SS', (d) => pad(d.ms, 3)],
  ['S', (d) => String(d.ms)],
  ['A', (d) => (d.hour < 12 ? 'AM' : 'PM')],
  ['a', (d) => (d.hour < 12 ? 'am' : 'pm')],
  ['T', (d) => String(d.time)],
];

export function formatDate(d: DateFields, format: string): string {
  let out = '';
  let i = 0;
  outer: while (i < format.length) {
    for (const [letters, render] of LETTERS) {
      if (format.startsWith(letters, i)) {
        out += render(d);
        i += letters.length;
        continue outer;
      }
    }
    out += format[i++];
  }
  return out;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** wall-clock fields in a zone (formatters are costly to build: one per zone) */
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let fmt = formatters.get(key);
  if (!fmt) {
    const options: Intl.DateTimeFormatOptions = { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };
    try {
      fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    if (formatters.size < 16) formatters.set(key, fmt);
  }
  return fmt;
}

export class Clock {
  private readonly parts: Intl.DateTimeFormat;

  constructor(
    timeZone: string | undefined,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.parts = formatterFor(timeZone);
  }

  now(): number {
    return this.nowMs();
  }

  fields(time: number): DateFields {
    const f: Record<string, number> = {};
    for (const p of this.parts.formatToParts(new Date(time))) if (p.type !== 'literal') f[p.type] = Number(p.value);
    return { year: f.year, month: f.month, day: f.day, hour: f.hour % 24, minute: f.minute, second: f.second, ms: ((time % 1000) + 1000) % 1000, time };
  }

  /** the same wall-clock fields moved to another day (or start of a unit), keeping the zone's offset */
  shifted(d: DateFields, change: Partial<DateFields>): DateFields {
    const next = { ...d, ...change };
    const wall = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute, next.second, next.ms);
    const offset = Date.UTC(d.year, d.month - 1, d.day, d.hour, d.minute, d.second, d.ms) - d.time;
    const normal = new Date(wall);
    return {
      year: normal.getUTCFullYear(),
      month: normal.getUTCMonth() + 1,
      day: normal.getUTCDate(),
      hour: normal.getUTCHours(),
      minute: normal.getUTCMinutes(),
      second: normal.getUTCSeconds(),
      ms: normal.getUTCMilliseconds(),
      time: wall - offset,
    };
  }

  /** day of the week (0 = Sunday) of the fields' date */
  weekday(d: DateFields): number {
    return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  }
}
