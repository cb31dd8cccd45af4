// The shape of a placeholder generator (@integer, @name…) and what it may use while it runs.
import type { Chance } from '../random';
import type { ArgValue, Budget, MockValue } from '../values';
import type { Clock } from './clock';

/** state of one generation (one request): counters and sequences start afresh each time */
export interface GenState {
  increment: number;
  hue: number | null;
  order: Map<object, number>;
}

export interface GenContext {
  chance: Chance;
  budget: Budget;
  clock: Clock;
  state: GenState;
  /** the placeholder being run: its identity keys @order's position */
  site: object;
}

/** what an argument must be when the template gives it literally (checked at save time) */
export type ParamKind = 'number' | 'list' | 'any';

export interface Generator {
  /** kinds of the first arguments; arguments beyond them are 'any' */
  params: ParamKind[];
  maxArgs: number;
  /** args has one entry per argument written (arity matters, as in Mock.js) */
  run(args: ArgValue[], cx: GenContext): MockValue;
}

export const generator = (params: ParamKind[], run: Generator['run'], maxArgs = params.length): Generator => ({ params, maxArgs, run });
