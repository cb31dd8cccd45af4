// Checks a Mock.js template before it is stored or run: JSON only, bounded size and depth,
// no prototype keys (mockjs CVE-2023-26158), no repeat counts that would explode.
import { ApiError } from '../../http/apiError';
import { ErrorCode } from '../../../shared/errors';
import { MOCK_LIMITS } from './limits';

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const bad = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);

/** Mock.js key syntax: 'name|rule' (the last '|' separates). */
function splitKey(key: string): { name: string; rule: string | null } {
  const i = key.lastIndexOf('|');
  if (i <= 0) return { name: key, rule: null };
  return { name: key.slice(0, i), rule: key.slice(i + 1) };
}

function checkRule(key: string, rule: string, value: unknown): void {
  const [countPart, decimalPart] = rule.split('.', 2);
  const counts = (countPart.match(/\d+/g) ?? []).map(Number);
  const decimals = (decimalPart?.match(/\d+/g) ?? []).map(Number);
  const repeats = typeof value === 'string' || Array.isArray(value);
  if (repeats && !rule.startsWith('+') && counts.some((n) => n > MOCK_LIMITS.repeat)) {
    throw bad('Mock rule "{key}" repeats more than {max} times', { key: key.slice(0, 80), max: MOCK_LIMITS.repeat });
  }
  if (typeof value === 'number' && decimals.some((n) => n > MOCK_LIMITS.decimals)) {
    throw bad('Mock rule "{key}" asks for more than {max} decimal places', { key: key.slice(0, 80), max: MOCK_LIMITS.decimals });
  }
}

/** '@constructor', '@__proto__'… would make Mock.js reach into Object internals */
const FORBIDDEN_PLACEHOLDER = /@(?:__proto__|constructor|prototype)\b/i;

function walk(v: unknown, depth: number): void {
  if (typeof v === 'string') {
    const m = FORBIDDEN_PLACEHOLDER.exec(v);
    if (m) throw bad('The mock template may not use the placeholder "{name}"', { name: m[0] });
    return;
  }
  if (v === null || typeof v !== 'object') return;
  if (depth > MOCK_LIMITS.depth) throw bad('The mock template is nested deeper than {max} levels', { max: MOCK_LIMITS.depth });
  if (Array.isArray(v)) {
    for (const x of v) walk(x, depth + 1);
    return;
  }
  for (const key of Object.keys(v)) {
    const { name, rule } = splitKey(key);
    if (FORBIDDEN.has(key) || FORBIDDEN.has(name.trim())) {
      throw bad('The mock template may not use the key "{key}"', { key: name.trim() });
    }
    const value = (v as Record<string, unknown>)[key];
    if (rule !== null) checkRule(key, rule, value);
    walk(value, depth + 1);
  }
}

/** Parses and checks a template; the parsed value on success. */
export function checkTemplate(text: string): unknown {
  if (!text.trim()) throw bad('The mock template is empty');
  if (text.length > MOCK_LIMITS.templateChars) {
    throw bad('The mock template is too long (max {max} characters)', { max: MOCK_LIMITS.templateChars });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad('For the server\'s safety the mock template must be valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object') {
    throw bad('The mock template must be a JSON object or array');
  }
  walk(parsed, 1);
  return parsed;
}
