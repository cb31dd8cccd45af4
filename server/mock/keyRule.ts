// Mock.js key rules: 'name|rule' — |count, |min-max, |min-max.dmin-dmax (or .dcount), |.dmin-dmax,
// |+step. The last '|' separates; a rule we do not understand is refused (Mock.js would mangle it).
import { excerpt, refuse } from './errors';

export interface Span {
  min: number;
  /** undefined: exactly min */
  max: number | undefined;
}

export interface KeyRule {
  step?: number;
  count?: Span;
  decimals?: Span;
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const STEP = /^\+(\d+)$/;
const COUNT = /^(?:([+-]?\d+)(?:-([+-]?\d+))?)?(?:\.(\d+)(?:-(\d+))?)?$/;

const span = (a: string, b: string | undefined): Span => ({ min: Number(a), max: b === undefined ? undefined : Number(b) });

export function parseKey(key: string): { name: string; rule: KeyRule | null } {
  const bar = key.lastIndexOf('|');
  const name = bar > 0 ? key.slice(0, bar) : key;
  if (FORBIDDEN.has(key) || FORBIDDEN.has(name.trim())) {
    throw refuse('The mock template may not use the key "{key}"', { key: excerpt(name.trim()) });
  }
  if (bar <= 0) return { name, rule: null };
  const text = key.slice(bar + 1);
  const step = STEP.exec(text);
  if (step) return { name, rule: { step: Number(step[1]) } };
  const m = text ? COUNT.exec(text) : null;
  if (!m || (m[1] === undefined && m[3] === undefined)) {
    throw refuse('Mock rule "{key}" is not understood; rules look like name|5, name|1-10, name|1-10.1-3 or name|+1', { key: excerpt(key) });
  }
  return {
    name,
    rule: {
      ...(m[1] !== undefined ? { count: span(m[1], m[2]) } : {}),
      ...(m[3] !== undefined ? { decimals: span(m[3], m[4]) } : {}),
    },
  };
}

/** the largest number a span can give */
export const spanMax = (s: Span) => Math.max(Math.abs(s.min), Math.abs(s.max ?? s.min));
