import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flag, id, int, json, oneOf, optional, text } from './fields';
import { endpoint, type ParamsIn, type ParamsOut } from './contract';

const e = endpoint<{ ok: true }>()('x/y', {
  name: text({ max: 5, required: true }),
  n: int({ def: 3, min: 0, max: 10 }),
  pid: id(),
  on: flag(),
  kind: oneOf(['a', 'b'] as const, 'a'),
  data: json(z.record(z.string(), z.number())),
  maybe: optional(text({ max: 3 })),
});

const parse = (raw: Record<string, unknown>) => {
  const r = e.params.safeParse(raw);
  if (r.success) return { ok: r.data };
  const i = r.error.issues[0] as { path: PropertyKey[]; message: string; params?: Record<string, unknown> };
  return { err: i.message, name: i.path[0], vars: i.params };
};

describe('shared/api fields', () => {
  it('reads ShowDoc-style values and defaults', () => {
    const p: ParamsIn<typeof e> = { name: ' ann ', n: '4', pid: 7, on: 'true', kind: 'b', data: '{"1":2}' };
    const out = parse(p).ok as ParamsOut<typeof e>;
    expect(out).toEqual({ name: 'ann', n: 4, pid: 7, on: true, kind: 'b', data: { '1': 2 }, maybe: undefined });
    expect(parse({ name: 'x' }).ok).toEqual({ name: 'x', n: 3, pid: 0, on: false, kind: 'a' });
    expect(parse({ name: 'x', maybe: '' }).ok).toMatchObject({ maybe: '' });
  });

  it('refuses with today’s templates and the parameter name', () => {
    expect(parse({})).toMatchObject({ err: 'Parameter {name} is required', name: 'name' });
    expect(parse({ name: { $ne: null } })).toMatchObject({ err: 'Parameter {name} must be text', name: 'name' });
    expect(parse({ name: 'toolong' })).toMatchObject({ err: 'Parameter {name} is too long (max {max} characters)', vars: { max: 5 } });
    expect(parse({ name: 'x', n: '1 OR 1=1' })).toMatchObject({ err: 'Parameter {name} must be a whole number', name: 'n' });
    expect(parse({ name: 'x', n: 11 })).toMatchObject({ err: 'Parameter {name} has an invalid value', name: 'n' });
    expect(parse({ name: 'x', pid: -1 })).toMatchObject({ err: 'Parameter {name} has an invalid value', name: 'pid' });
    expect(parse({ name: 'x', kind: 'c' })).toMatchObject({ err: 'Parameter {name} has an invalid value', name: 'kind' });
    expect(parse({ name: 'x', data: '{' })).toMatchObject({ err: 'Parameter {name} must be valid JSON', name: 'data' });
    expect(parse({ name: 'x', data: '{"a":"b"}' })).toMatchObject({ err: 'Parameter {name} has an invalid value', name: 'data' });
    expect(parse({ name: 'x', maybe: 'long' })).toMatchObject({ err: 'Parameter {name} is too long (max {max} characters)', name: 'maybe', vars: { max: 3 } });
    expect(parse({ name: 'a\0b' })).toMatchObject({ err: 'Parameter {name} contains a NUL character' });
  });
});
