import { describe, expect, it } from 'vitest';
import { controllers } from '../api';
import { buildRegistry } from './action';
import { parseContractParams, parseWithZod } from './contractParams';
import { Params } from './params';
import { ApiError } from '../errors';
import type { Endpoint } from '../../shared/api/contract';
import { readerOf } from '../../shared/api/fields';
import * as pageApi from '../../shared/api/page';
import type { z } from 'zod';

/** raw values as clients send them: good, empty, padded, garbage, injections, arrays, objects, NUL, long */
const RAW: unknown[] = [
  undefined,
  '',
  '0',
  '12',
  ' 7 ',
  '-3',
  '99999999999',
  'abc',
  '1 OR 1=1',
  '1e3',
  'true',
  'off',
  ' yes ',
  '中文 text',
  'a\0b',
  '[1,2,3]',
  '{"a":1}',
  '1,2,3',
  'x'.repeat(70),
  'y'.repeat(100_001),
  5,
  -1,
  true,
  false,
  null,
  ['1', '2'],
  { $ne: null },
];

/** a small deterministic generator: the same cases every run */
function sequence(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Outcome = { ok: unknown } | { refused: { code: number; template: string; vars: unknown } };

function outcome(parse: () => unknown): Outcome {
  try {
    return { ok: parse() };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { refused: { code: e.code, template: e.template, vars: e.vars } };
  }
}

const contracts = [...buildRegistry(controllers).values()].flatMap((def) => (def.contract ? [def.contract] : []));
const readable = (c: Endpoint) => Object.values(c.params.shape).every((schema) => readerOf(schema as z.ZodType));

describe('contract parameters read without zod', () => {
  it('most contracts are read by their fields directly (page/info among them)', () => {
    expect(readable(pageApi.info)).toBe(true);
    expect(contracts.filter(readable).length).toBeGreaterThan(contracts.length / 2);
  });

  it('give the same values and the same first refusal as zod, on every contract', () => {
    const next = sequence(20261127);
    let compared = 0;
    let refusals = 0;
    for (const contract of contracts.filter(readable)) {
      const names = Object.keys(contract.params.shape);
      for (let round = 0; round < 40; round++) {
        // mostly absent, so that later fields get their turn; each name from the body, path or query
        const body: Record<string, unknown> = {};
        const query: Record<string, unknown> = {};
        for (const name of names) {
          if (next() < 0.4) continue;
          (next() < 0.8 ? body : query)[name] = RAW[Math.floor(next() * RAW.length)];
        }
        const params = () => new Params([{}, body, query]);
        const direct = outcome(() => parseContractParams(contract, params()));
        expect(direct, `${contract.path} ${JSON.stringify(body)} ${JSON.stringify(query)}`).toStrictEqual(outcome(() => parseWithZod(contract, params())));
        if ('refused' in direct) refusals++;
        compared++;
      }
    }
    // both kinds of outcome were compared, many times
    expect(compared).toBeGreaterThan(1000);
    expect(refusals).toBeGreaterThan(100);
    expect(compared - refusals).toBeGreaterThan(100);
  });

  it('names the field that failed, as zod did', () => {
    const params = new Params([{}, { page_id: '1 OR 1=1' }, {}]);
    expect(outcome(() => parseContractParams(pageApi.info, params))).toEqual({
      refused: { code: 10101, template: 'Parameter {name} must be a whole number', vars: { name: 'page_id' } },
    });
  });
});
