// The mock template interpreter against Mock.js-compatible shapes, and its refusals.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { generateJson, type GenerateOptions } from './generateJson';
import { seeded } from './random';

const gen = (template: unknown, opts: GenerateOptions = {}) => JSON.parse(generateJson(typeof template === 'string' ? template : JSON.stringify(template), opts));
/** many generations with different seeds */
const runs = (template: unknown, n = 40) => Array.from({ length: n }, (_, i) => gen(template, { random: seeded(i + 1) }));

function refusal(template: unknown): string {
  try {
    generateJson(typeof template === 'string' ? template : JSON.stringify(template));
  } catch (e) {
    if (e instanceof ApiError) return e.template.replace(/\{(\w+)\}/g, (_, k: string) => String(e.vars?.[k]));
    throw e;
  }
  throw new Error('not refused');
}

describe('key rules', () => {
  it("'list|1-10': [{'id|+1': 1}] gives 1–10 items with ids 1, 2, 3…", () => {
    const lengths = new Set<number>();
    for (const out of runs({ 'list|1-10': [{ 'id|+1': 1 }] })) {
      expect(out.list.length).toBeGreaterThanOrEqual(1);
      expect(out.list.length).toBeLessThanOrEqual(10);
      expect(out.list.map((x: { id: number }) => x.id)).toEqual(Array.from({ length: out.list.length }, (_, i) => i + 1));
      lengths.add(out.list.length);
    }
    expect(lengths.size).toBeGreaterThan(3);
  });

  it('arrays: |count repeats the items, |1 picks one, |+1 takes them in turn', () => {
    expect(gen({ 'list|2': ['a', 'b'] }).list).toEqual(['a', 'b', 'a', 'b']);
    expect(gen({ 'list|0': ['a'] }).list).toEqual([]);
    for (const out of runs({ 'one|1': ['x', 'y', 'z'] })) expect(['x', 'y', 'z']).toContain(out.one);
    expect(gen({ 'rows|5': [{ 'v|+1': ['a', 'b', 'c'] }] }).rows.map((r: { v: string }) => r.v)).toEqual(['a', 'b', 'c', 'a', 'b']);
    expect(gen({ 'rows|3': [{ 'v|+2': ['a', 'b', 'c'] }] }).rows.map((r: { v: string }) => r.v)).toEqual(['a', 'c', 'b']);
    expect(gen({ plain: [1, '@integer(5, 5)'] }).plain).toEqual([1, 5]);
  });

  it('numbers: |min-max, |count, |+step, decimals', () => {
    for (const out of runs({ 'n|1-100': 1, 'neg|-10--5': 0, 'f|1-10.1-3': 1, 'cut|.2': 3.14159, 'd|5.2': 0 })) {
      expect(Number.isInteger(out.n) && out.n >= 1 && out.n <= 100).toBe(true);
      expect(out.neg).toBeGreaterThanOrEqual(-10);
      expect(out.neg).toBeLessThanOrEqual(-5);
      expect(String(out.f)).toMatch(/^([1-9]|10)\.\d{0,2}[1-9]$/);
      expect(out.cut).toBe(3.14);
      expect(String(out.d)).toMatch(/^5\.\d[1-9]$/);
    }
    expect(gen({ 'n|7': 1 }).n).toBe(7);
    expect(gen({ 'rows|3': [{ 'id|+2': 10 }] }).rows.map((r: { id: number }) => r.id)).toEqual([10, 12, 14]);
  });

  it('booleans: |1 is a coin, |min-max gives the odds of the value written', () => {
    const coins = runs({ 'b|1': true }).map((o) => o.b);
    expect(new Set(coins)).toEqual(new Set([true, false]));
    for (const out of runs({ 'always|1-0': true, 'never|0-1': true })) expect([out.always, out.never]).toEqual([true, false]);
  });

  it('strings: |count and |min-max repeat; an empty string gets random characters', () => {
    expect(gen({ 's|3': 'ab' }).s).toBe('ababab');
    for (const out of runs({ 'stars|1-3': '★', 'r|5': '', 'two|2': '@integer(1, 1)-' })) {
      expect(out.stars).toMatch(/^★{1,3}$/);
      expect(out.r).toHaveLength(5);
      expect(out.two).toBe('1-1-');
    }
  });

  it('objects: |count picks that many keys', () => {
    for (const out of runs({ 'o|2': { a: 1, b: 2, c: 3 }, 'some|1-2': { x: 1, y: 2, z: 3 } })) {
      expect(Object.keys(out.o)).toHaveLength(2);
      for (const k of Object.keys(out.o)) expect(out.o[k]).toBe({ a: 1, b: 2, c: 3 }[k]);
      expect(Object.keys(out.some).length).toBeGreaterThanOrEqual(1);
      expect(Object.keys(out.some).length).toBeLessThanOrEqual(2);
    }
  });

  it('refuses rules it does not understand', () => {
    expect(refusal({ 'a|x': 1 })).toBe('Mock rule "a|x" is not understood; rules look like name|5, name|1-10, name|1-10.1-3 or name|+1');
    expect(refusal({ 'a|': 1 })).toMatch(/is not understood/);
    expect(refusal({ 'a|1-': 1 })).toMatch(/is not understood/);
  });
});

describe('prototype safety', () => {
  it('refuses __proto__, constructor and prototype keys, with or without a rule', () => {
    expect(refusal('{"__proto__": {"polluted": 1}}')).toBe('The mock template may not use the key "__proto__"');
    expect(refusal('{"a": [{"__proto__|2": {"polluted": 1}}]}')).toBe('The mock template may not use the key "__proto__"');
    expect(refusal('{"constructor": 1}')).toMatch(/"constructor"/);
    expect(refusal('{"a": {"prototype|1-2": 1}}')).toMatch(/"prototype"/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keys named like Object methods are plain data', () => {
    expect(gen({ toString: 'x', hasOwnProperty: 1, valueOf: '@integer(2, 2)' })).toEqual({ toString: 'x', hasOwnProperty: 1, valueOf: 2 });
  });
});

describe('placeholders', () => {
  it('a lone placeholder keeps its type; inside text it becomes text', () => {
    const out = gen({ n: '@integer(1, 10)', b: '@boolean', r: '@range(3)', p: '@pick([1, 2])', t: 'n=@integer(4, 4)', a: '#@range(1, 4)' });
    expect(typeof out.n).toBe('number');
    expect(typeof out.b).toBe('boolean');
    expect(out.r).toEqual([0, 1, 2]);
    expect([1, 2]).toContain(out.p);
    expect(out.t).toBe('n=4');
    expect(out.a).toBe('#1,2,3');
  });

  it('are case-insensitive, nest, and read quoted, bare and list arguments', () => {
    for (const out of runs({ e: '@EMAIL', u: '@upper(@first)', d: '@date(yyyy/MM/dd)', q: "@date('yyyy')", img: '@image(200x100, #FF0000, #FFF, png, Hi there)', s: '@pick(["a", "b"], 2)' })) {
      expect(out.e).toMatch(/^[a-z]\.[a-z]+@[a-z]+\.[a-z.]+$/);
      expect(out.u).toMatch(/^[A-Z]+$/);
      expect(out.d).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
      expect(out.q).toMatch(/^\d{4}$/);
      expect(out.img).toBe('http://dummyimage.com/200x100/FF0000/FFF.png&text=Hi%20there');
      expect([...out.s].sort()).toEqual(['a', 'b']);
    }
  });

  it('@ glued to a word and \\@ are text', () => {
    expect(gen({ a: 'admin@example.com', b: '\\@name', c: 'x@name' })).toEqual({ a: 'admin@example.com', b: '@name', c: 'x@name' });
    expect(gen({ a: '@cfirst@clast' }).a).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
  });

  it('refer to keys of the same object (generated once), else to the table', () => {
    const out = gen({ first: 'Tom', full: '@first Smith', who: '@cname', again: 'I am @who', name: '@name' });
    expect(out.full).toBe('Tom Smith');
    expect(out.again).toBe(`I am ${out.who}`);
    expect(out.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const forward = gen({ greet: 'Hi @who', who: '@cname' });
    expect(forward.greet).toBe(`Hi ${forward.who}`);
    expect(refusal({ a: '@b', b: 'x @c', c: '@a' })).toBe('The mock placeholder "@a" refers to a key that refers back to it');
    const chain = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i === 29 ? 'end' : `@k${i + 1}`]));
    expect(refusal(chain)).toBe('Mock keys refer to each other more than 20 levels deep');
  });

  it('@increment counts within one generation; @order takes items in turn', () => {
    const out = gen({ 'rows|4': [{ n: '@increment', o: '@order("a", "b", "c")' }] });
    expect(out.rows.map((r: { n: number }) => r.n)).toEqual([1, 2, 3, 4]);
    expect(out.rows.map((r: { o: string }) => r.o)).toEqual(['a', 'b', 'c', 'a']);
    expect(gen({ n: '@increment' }).n).toBe(1);
    expect(gen({ a: '@increment(10)', b: '@inc' })).toEqual({ a: 10, b: 11 });
  });

  it('cover Mock.Random', () => {
    const shapes: Record<string, RegExp> = {
      '@natural(1, 9)': /^[1-9]$/,
      '@integer(-5, -1)': /^-[1-5]$/,
      '@float(1, 2, 2, 2)': /^[12]\.\d[1-9]$/,
      '@character("lower")': /^[a-z]$/,
      '@char("xyz")': /^[xyz]$/,
      '@string(5)': /^.{5}$/,
      '@string("number", 2, 4)': /^\d{2,4}$/,
      '@str(2, 3)': /^.{2,3}$/,
      '@date': /^\d{4}-\d{2}-\d{2}$/,
      '@time': /^\d{2}:\d{2}:\d{2}$/,
      '@datetime': /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
      '@now': /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
      '@image': /^http:\/\/dummyimage\.com\/\d+x\d+$/,
      '@img("100x100", "#000")': /^http:\/\/dummyimage\.com\/100x100\/000$/,
      '@dataImage("20x10")': /^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/,
      '@color': /^#[0-9a-f]{6}$/,
      '@color("red")': /^#FF4136$/,
      '@hex': /^#[0-9a-f]{6}$/,
      '@rgb': /^rgb\(\d{1,3}, \d{1,3}, \d{1,3}\)$/,
      '@rgba': /^rgba\(\d{1,3}, \d{1,3}, \d{1,3}, [01]\.\d\d\)$/,
      '@hsl': /^hsl\(\d{1,3}, \d{1,3}, \d{1,3}\)$/,
      '@word': /^[a-z]{3,10}$/,
      '@word(4)': /^[a-z]{4}$/,
      '@cword': /^[\u4e00-\u9fa5]$/,
      '@cword(3)': /^[\u4e00-\u9fa5]{3}$/,
      '@cword("零一二", 2)': /^[零一二]{2}$/,
      '@sentence': /^[A-Z][a-z]*( [a-z]+){11,17}\.$/,
      '@csentence(2)': /^[\u4e00-\u9fa5]{2}。$/,
      '@title(2)': /^[A-Z][a-z]+ [A-Z][a-z]+$/,
      '@ctitle(4)': /^[\u4e00-\u9fa5]{4}$/,
      '@paragraph(2)': /^[A-Z][^.]+\. [A-Z][^.]+\.$/,
      '@cparagraph(1)': /^[\u4e00-\u9fa5]+。$/,
      '@first': /^[A-Z][a-z]+$/,
      '@last': /^[A-Z][a-z]+$/,
      '@name(true)': /^[A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+$/,
      '@cfirst': /^[\u4e00-\u9fa5]{1,2}$/,
      '@clast': /^[\u4e00-\u9fa5]{1,2}$/,
      '@cname': /^[\u4e00-\u9fa5]{2,4}$/,
      '@url("https")': /^https:\/\/[a-z]+\.[a-z.]+\/[a-z]+$/,
      '@protocol': /^[a-z0-9]+$/,
      '@domain("cn")': /^[a-z]+\.cn$/,
      '@tld': /^[a-z.]+$/,
      '@email("example.com")': /^[a-z]\.[a-z]+@example\.com$/,
      '@ip': /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/,
      '@region': /^(东北|华北|华东|华中|华南|西南|西北)$/,
      '@province': /^[\u4e00-\u9fa5]{2,8}$/,
      '@city': /^[\u4e00-\u9fa5]{2,6}$/,
      '@city(true)': /^[\u4e00-\u9fa5]+ [\u4e00-\u9fa5]+$/,
      '@county(true)': /^[\u4e00-\u9fa5]+ [\u4e00-\u9fa5]+ [\u4e00-\u9fa5]+$/,
      '@zip': /^\d{6}$/,
      '@zip(4)': /^\d{4}$/,
      '@capitalize("hello")': /^Hello$/,
      '@upper("abc")': /^ABC$/,
      '@lower("ABC")': /^abc$/,
      '@d6': /^[1-6]$/,
      '@d100': /^(\d{1,2}|100)$/,
      '@guid': /^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/,
      '@uuid': /^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/,
      '@id': /^\d{17}[\dX]$/,
    };
    for (const out of runs(Object.keys(shapes).map((k) => ({ v: k })), 10)) {
      out.forEach((o: { v: unknown }, i: number) => expect(String(o.v), Object.keys(shapes)[i]).toMatch(Object.values(shapes)[i]));
    }
    const lists = gen({ s: '@shuffle([1, 2, 3])', s2: '@shuffle([1, 2, 3], 2)', p: '@pick("x", "y")', r: '@range(2, 10, 3)' });
    expect([...lists.s].sort()).toEqual([1, 2, 3]);
    expect(lists.s2).toHaveLength(2);
    expect(['x', 'y']).toContain(lists.p);
    expect(lists.r).toEqual([2, 5, 8]);
  });

  it('@id carries a valid check character', () => {
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    for (const { id } of runs({ id: '@id' })) {
      const sum = [...id.slice(0, 17)].reduce((s: number, d: string, i: number) => s + Number(d) * weights[i], 0);
      expect(id[17]).toBe('10X98765432'[sum % 11]);
    }
  });

  it('@now and @date follow the server time zone', () => {
    const now = () => Date.UTC(2024, 0, 10, 20, 30, 15); // Thursday 11 January 04:30:15 in Shanghai
    // (a key named "now" would make '@now' refer to it, as in Mock.js)
    const out = gen({ current: '@now', day: '@now("day")', week: '@now("week", "yyyy-MM-dd")', month: '@now(month, yyyy-MM-dd HH)', ms: '@now("T")' }, { timeZone: 'Asia/Shanghai', now });
    expect(out).toEqual({ current: '2024-01-11 04:30:15', day: '2024-01-11 00:00:00', week: '2024-01-07', month: '2024-01-01 00', ms: String(now()) });
    expect(gen({ utc: '@now("yyyy-MM-dd HH:mm")' }, { timeZone: 'UTC', now }).utc).toBe('2024-01-10 20:30');
    for (const out2 of runs({ d: '@date("yyyy")' })) expect(Number(out2.d)).toBeLessThanOrEqual(new Date().getFullYear());
  });
});

describe('user text is never code', () => {
  const BT = '`';
  it.each([
    ['the reported payload', `@lower(require.call${BT}\${"child_process"}${BT}.execSync.call${BT}\${"id"}${BT}+"")`],
    ['parentheses', '@lower(require("fs").readFileSync("/etc/passwd"))'],
    ['a constructor chain', '@lower(this.constructor.constructor("return process")())'],
    ['a template literal', `@lower(${BT}\${process.env.HOME}${BT})`],
    ['Function', '@lower(Function("return 1")())'],
    ['import()', '@lower(import("fs"))'],
    ['(0,eval)', '@lower((0,eval)("1"))'],
    ['[].constructor', '@lower([].constructor.constructor("return 1")())'],
    ['an object literal', '@pick({"a": 1})'],
    ['an assignment', '@lower(a = 1)'],
  ])('refuses %s as malformed arguments, naming the placeholder', (_, text) => {
    expect(refusal({ out: text })).toMatch(/^The mock placeholder "@(lower|pick)\(.*" has malformed arguments/);
  });

  it('bare words are only text', () => {
    expect(gen({ a: '@lower(process.env.HOME)', b: '@upper(globalThis)', c: '@lower(window.eval)' })).toEqual({ a: 'process.env.home', b: 'GLOBALTHIS', c: 'window.eval' });
  });

  it('refuses unknown placeholders, naming them', () => {
    expect(refusal({ a: '@constructor' })).toBe('Unknown mock placeholder "@constructor" (write \\@ for a literal @)');
    expect(refusal({ a: 'x @__proto__' })).toMatch(/"@__proto__"/);
    expect(refusal({ a: '@toString()' })).toMatch(/"@toString\(\)"/);
    expect(refusal({ a: '@extend' })).toMatch(/"@extend"/);
    expect(refusal({ a: '@_formatDate' })).toMatch(/"@_formatDate"/);
    expect(refusal({ a: '@lower(@nope)' })).toMatch(/"@nope"/);
  });

  it('checks arguments when the template is saved', () => {
    expect(refusal({ a: '@integer("ten")' })).toBe('The mock placeholder "@integer("ten")" expects a number as argument 1');
    expect(refusal({ a: '@shuffle("abc")' })).toBe('The mock placeholder "@shuffle("abc")" expects a [list] as argument 1');
    expect(refusal({ a: '@guid(1)' })).toBe('The mock placeholder "@guid(1)" takes at most 0 arguments');
    expect(refusal({ a: `@pick(${'['.repeat(12)}1${']'.repeat(12)})` })).toMatch(/nests lists or placeholders deeper than 8 levels/);
    expect(refusal({ a: '@date("yyyy' })).toMatch(/malformed arguments/);
  });

  it('the interpreter contains no eval, Function or vm', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const files = (d: string): string[] =>
      fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.join(d, e.name)] : []));
    const sources = files(dir);
    expect(sources.length).toBeGreaterThan(10);
    for (const f of sources) expect(fs.readFileSync(f, 'utf8'), f).not.toMatch(/\beval\s*\(|new Function|\bFunction\s*\(|node:vm|['"]vm['"]/);
  });
});

describe('regex values', () => {
  it('a string written as a regex yields a matching string', () => {
    const cases: [string, RegExp][] = [
      ['/\\d{5,10}/', /^\d{5,10}$/],
      ['/[a-c]{3}-(x|y)/', /^[a-c]{3}-(x|y)$/],
      ['/^1[3-9]\\d{9}$/', /^1[3-9]\d{9}$/],
      ['/[^0-9]{4}/', /^[^0-9]{4}$/],
      ['/\\w+@\\w+\\.com/', /^\w+@\w+\.com$/],
      ['/(?:ab)+c?/i', /^(ab)+c?$/],
      ['/[\\u4e00-\\u4e05]{2}/', /^[\u4e00-\u4e05]{2}$/],
      ['/a.b\\s\\S/', /^a.b\s\S$/],
      ['/x{2}y*/', /^x{2}y*$/],
    ];
    for (const out of runs(cases.map(([re]) => ({ v: re })), 20)) out.forEach((o: { v: string }, i: number) => expect(o.v, cases[i][0]).toMatch(cases[i][1]));
    expect(gen({ 'code|3': '/[A-Z]/' }).code).toMatch(/^[A-Z]{3}$/);
  });

  it('paths and ordinary slashes stay text', () => {
    expect(gen({ a: '/api/users/', b: '/', c: '//', d: '/a/b', e: '/index.html/', f: '/(x)/y/' })).toEqual({ a: '/api/users/', b: '/', c: '//', d: '/a/b', e: '/index.html/', f: '/(x)/y/' });
  });

  it('refuses backreferences, lookarounds, Unicode properties, big counts and bad syntax', () => {
    expect(refusal({ a: '/(a)\\1/' })).toBe('The mock regular expression "/(a)\\1/" uses "\\1": backreferences, lookarounds and Unicode properties cannot be generated');
    expect(refusal({ a: '/(?<n>a)\\k<n>/' })).toMatch(/uses "\\k<"/);
    expect(refusal({ a: '/a(?=b)/' })).toMatch(/uses "\(\?="/);
    expect(refusal({ a: '/(?<!b)a/' })).toMatch(/uses "\(\?<!"/);
    expect(refusal({ a: '/\\p{L}+/u' })).toMatch(/uses "\\p\{"/);
    expect(refusal({ a: '/a{1,5000}/' })).toBe('The mock regular expression "/a{1,5000}/" repeats more than 1000 times');
    expect(refusal({ a: '/(a/' })).toMatch(/is not valid/);
    expect(refusal({ a: '/a**/' })).toMatch(/is not valid/);
    expect(refusal({ a: '/[z-a]/' })).toMatch(/is not valid/);
    expect(refusal({ a: `/${'(a)'.repeat(400)}/` })).toMatch(/is too long \(max 1000 characters\)/);
    expect(refusal({ a: `/${'('.repeat(25)}a${')'.repeat(25)}/` })).toMatch(/nests groups deeper than 20 levels/);
    expect(refusal({ a: '/(a{1000}){1000}/' })).toMatch(/larger than 1000000 bytes/);
  });
});

describe('limits', () => {
  it('refuses templates that are not JSON objects, too deep, too long or too big to generate', () => {
    expect(refusal('')).toBe('The mock template is empty');
    expect(refusal('{a: 1}')).toBe("For the server's safety the mock template must be valid JSON");
    expect(refusal('"text"')).toBe('The mock template must be a JSON object or array');
    expect(refusal('['.repeat(5000) + ']'.repeat(5000))).toBe('The mock template is nested deeper than 20 levels');
    expect(refusal({ s: 'x'.repeat(100_001) })).toBe('The mock template is too long (max 100000 characters)');
    expect(refusal({ 'list|10001': [1] })).toBe('Mock rule "list|10001" repeats more than 10000 times');
    expect(refusal({ 'n|1.30': 1 })).toBe('Mock rule "n|1.30" asks for more than 20 decimal places');
    for (const big of [{ 'l|10000': [{ 's|100': 'abcdefghij' }] }, { s: '@string(100000000)' }, { p: '@paragraph(100000000)' }, { r: '@range(1e12)' }, { c: '@cword(1e9)' }, { 'a|10000': [{ 'b|10000': [[]] }] }, { 's|10000': '@cparagraph(50)' }]) {
      expect(refusal(big)).toBe('The generated mock data is larger than 1000000 bytes');
    }
  });

  it('bounds work that outputs little', () => {
    const many = `[${'1,'.repeat(5000)}1]`;
    for (const busy of [{ 'x|10000': [{ 'y|10000': '/[a-z]{0}/' }] }, { 'x|10000': [{ 'y|10000': '@pick([])' }] }, { 'x|10000': [{ y: `@pick(${many}, 0)` }] }, { 'x|10000': [{ y: `@cword("${'字'.repeat(20000)}")` }] }]) {
      expect(refusal(busy)).toBe('The mock template does too much work: more than 5000000 generation steps');
    }
  });

  it('a referenced value used many times still counts', () => {
    expect(refusal({ big: '@string(600000)', 'copy|2': '@big' })).toBe('The generated mock data is larger than 1000000 bytes');
  });
});
