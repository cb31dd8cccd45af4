// A template's text → generated JSON text: compile (checks everything), interpret, serialise,
// within the output limit. Pure computation: it runs in the generator process, and in unit tests.
import { compileTemplate } from './compile';
import { Interpreter } from './interpret';
import { Clock } from './generators/clock';
import { MOCK_LIMITS } from './limits';
import { Chance, type RandomSource } from './random';
import { Budget, tooLarge } from './values';

export interface GenerateOptions {
  /** IANA zone for dates (the server's); UTC when missing or unknown */
  timeZone?: string;
  random?: RandomSource;
  /** the clock, ms since the epoch */
  now?: () => number;
  outputBytes?: number;
}

export function generateJson(template: string, opts: GenerateOptions = {}): string {
  const tree = compileTemplate(template);
  const maxBytes = opts.outputBytes ?? MOCK_LIMITS.outputBytes;
  const interpreter = new Interpreter({ chance: new Chance(opts.random), budget: new Budget(maxBytes, MOCK_LIMITS.steps), clock: new Clock(opts.timeZone, opts.now) });
  const json = JSON.stringify(interpreter.value(tree));
  if (Buffer.byteLength(json, 'utf8') > maxBytes) throw tooLarge(maxBytes);
  return json;
}
