// @date @time @datetime (a random moment between 1970 and now) and @now, in the server's zone.
import { asText, type ArgValue } from '../values';
import { formatDate } from './clock';
import { generator, type GenContext } from './types';

/** the format written, or the default when it is missing or empty (Mock.js's `format || default`) */
const formatOr = (v: ArgValue, def: string) => (v === undefined || v === null || v === '' || v === 0 || v === false ? def : asText(v));

export const randomMoment = (cx: GenContext) => cx.clock.fields(Math.floor(cx.chance.unit() * cx.clock.now()));

const UNITS = /year|month|day|hour|minute|second|week/;

export const date = {
  date: generator(['any'], ([format], cx) => formatDate(randomMoment(cx), formatOr(format, 'yyyy-MM-dd'))),
  time: generator(['any'], ([format], cx) => formatDate(randomMoment(cx), formatOr(format, 'HH:mm:ss'))),
  datetime: generator(['any'], ([format], cx) => formatDate(randomMoment(cx), formatOr(format, 'yyyy-MM-dd HH:mm:ss'))),
  // (unit?, format?): now, or the start of the current year/month/week/day/hour/minute/second
  now: generator(['any', 'any'], (args, cx) => {
    let unit = args[0] === undefined ? '' : asText(args[0]);
    let format = args[1];
    if (args.length === 1 && !UNITS.test(unit)) {
      format = args[0];
      unit = '';
    }
    const now = cx.clock.fields(cx.clock.now());
    const start: Record<string, Partial<typeof now>> = {
      year: { month: 1, day: 1, hour: 0, minute: 0, second: 0, ms: 0 },
      month: { day: 1, hour: 0, minute: 0, second: 0, ms: 0 },
      week: { day: now.day - cx.clock.weekday(now), hour: 0, minute: 0, second: 0, ms: 0 },
      day: { hour: 0, minute: 0, second: 0, ms: 0 },
      hour: { minute: 0, second: 0, ms: 0 },
      minute: { second: 0, ms: 0 },
      second: { ms: 0 },
    };
    const key = unit.toLowerCase();
    const moment = Object.hasOwn(start, key) ? cx.clock.shifted(now, start[key]) : now;
    return formatDate(moment, formatOr(format, 'yyyy-MM-dd HH:mm:ss'));
  }),
};
