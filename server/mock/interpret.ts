// Runs a compiled template (compile.ts) into plain data. Output objects have no prototype and
// prototype keys were refused, so nothing a template says can reach Object.prototype.
import type { Call, CallArg, Node, ObjectNode, Prop } from './compile';
import type { KeyRule, Span } from './keyRule';
import { MatchGenerator } from './regex';
import { refuse } from './errors';
import { ALL, chars } from './generators/basic';
import type { GenContext, GenState } from './generators/types';
import type { Clock } from './generators/clock';
import type { Chance } from './random';
import { asText, sizeOf, tooLarge, type ArgValue, type Budget, type MockObject, type MockValue } from './values';

/** one generated object: the values of its keys, kept so sibling references see the same ones */
interface Instance {
  node: ObjectNode;
  values: Map<Prop, MockValue>;
  busy: Set<Prop>;
}

export interface RunContext {
  chance: Chance;
  budget: Budget;
  clock: Clock;
}

export class Interpreter {
  private readonly state: GenState = { increment: 0, hue: null, order: new Map() };
  /** positions of '|+step' rules: numbers and arrays continue where the last copy stopped */
  private readonly steps = new Map<Node, number>();

  private readonly matches: MatchGenerator;

  constructor(private readonly run: RunContext) {
    this.matches = new MatchGenerator(run.chance, { step: () => run.budget.step(), tooLong: () => tooLarge(run.budget.max) });
  }

  private count(s: Span): number {
    return s.max === undefined ? s.min : this.run.chance.integer(s.min, s.max);
  }

  value(node: Node, instance: Instance | null = null): MockValue {
    const { budget, chance } = this.run;
    budget.step();
    switch (node.t) {
      case 'literal':
        budget.spend(sizeOf(node.value, budget.max));
        return node.value;
      case 'number': {
        const v = this.number(node.value, node.rule, node);
        budget.spend(String(v).length);
        return v;
      }
      case 'boolean': {
        const a = node.rule.count?.min ?? 1;
        const b = node.rule.count?.max ?? 1;
        const odds = a + b > 0 ? a / (a + b) : 0.5;
        budget.spend(5);
        return chance.unit() > odds ? !node.value : node.value;
      }
      case 'text':
        return this.text(node, instance);
      case 'regex': {
        const times = node.rule?.count ? this.count(node.rule.count) : 1;
        let out = '';
        for (let i = 0; i < times; i++) {
          budget.step();
          out += this.matches.generate(node.node, budget.remaining - out.length);
        }
        budget.spend(out.length + 2);
        return out;
      }
      case 'object':
        return this.object(node);
      case 'array':
        return this.array(node);
    }
  }

  private number(value: number, rule: KeyRule, node: Node): number {
    if (rule.step !== undefined) {
      const current = this.steps.get(node) ?? value;
      this.steps.set(node, current + rule.step);
      return current;
    }
    const whole = rule.count ? this.count(rule.count) : value;
    if (!rule.decimals) return whole;
    // 'n|1-10.2-4': the whole part, then the template's decimals cut or padded to the count;
    // the last digit is never 0 (it would vanish from the number)
    const [intPart, given = ''] = String(value).split('.');
    const places = Math.max(0, this.count(rule.decimals));
    let digits = given.slice(0, places);
    while (digits.length < places) digits += this.run.chance.char(digits.length < places - 1 ? '0123456789' : '123456789');
    return parseFloat(`${rule.count ? whole : intPart}.${digits}`);
  }

  private text(node: Extract<Node, { t: 'text' }>, instance: Instance | null): MockValue {
    const { budget } = this.run;
    const { parts, rule } = node;
    const times = rule?.count ? this.count(rule.count) : 1;
    if (!parts.length) {
      // 'name|min-max': '' → that many random characters
      const out = rule?.count ? chars(this.context(null), ALL, times) : '';
      budget.spend(out.length + 2);
      return out;
    }
    // a lone placeholder keeps its type: "@integer(1, 10)" is a number
    if (times === 1 && parts.length === 1 && typeof parts[0] !== 'string') {
      const v = this.call(parts[0], instance);
      budget.spend(sizeOf(v, budget.max));
      return v;
    }
    let out = '';
    for (let i = 0; i < times; i++) {
      budget.step();
      for (const part of parts) {
        const piece = typeof part === 'string' ? part : asText(this.call(part, instance));
        budget.spend(piece.length);
        out += piece;
      }
    }
    budget.spend(2);
    return out;
  }

  private context(site: object | null): GenContext {
    return { chance: this.run.chance, budget: this.run.budget, clock: this.run.clock, state: this.state, site: site ?? this };
  }

  private call(call: Call, instance: Instance | null): MockValue {
    this.run.budget.step();
    if (call.ref !== null) {
      const prop = instance?.node.byName.get(call.ref);
      if (!instance || !prop) return '';
      return this.prop(instance, prop);
    }
    const args = call.args.map((a) => this.arg(a, instance));
    const out = call.gen!.run(args, this.context(call));
    return out === undefined ? '' : out;
  }

  /** an argument's value; generators work in proportion to their arguments, so that counts too */
  private arg(a: CallArg, instance: Instance | null): ArgValue {
    const v = a.t === 'value' ? a.value : a.t === 'call' ? this.call(a.call, instance) : a.items.map((x) => this.arg(x, instance) ?? null);
    if (typeof v === 'string' || Array.isArray(v)) this.run.budget.step(v.length);
    return v;
  }

  private prop(instance: Instance, prop: Prop): MockValue {
    if (instance.values.has(prop)) return instance.values.get(prop)!;
    if (instance.busy.has(prop)) {
      throw refuse('The mock placeholder "{placeholder}" refers to a key that refers back to it', { placeholder: `@${prop.name}` });
    }
    instance.busy.add(prop);
    const v = this.value(prop.node, instance);
    instance.busy.delete(prop);
    instance.values.set(prop, v);
    return v;
  }

  private object(node: ObjectNode): MockObject {
    const instance: Instance = { node, values: new Map(), busy: new Set() };
    let props = node.props;
    // 'obj|min-max': that many of its keys, picked at random
    if (node.rule?.count) props = this.run.chance.shuffle(props).slice(0, Math.max(0, this.count(node.rule.count)));
    const out = Object.create(null) as MockObject;
    this.run.budget.spend(2);
    for (const p of props) {
      this.run.budget.spend(p.name.length + 4);
      out[p.name] = this.prop(instance, p);
    }
    return out;
  }

  private array(node: Extract<Node, { t: 'array' }>): MockValue {
    const { items, rule } = node;
    const { budget, chance } = this.run;
    budget.spend(2);
    if (!items.length) return [];
    const each = (n: Node) => {
      budget.spend(1);
      return this.value(n);
    };
    // 'list|+1': the next item each time this array is generated again
    if (rule?.step !== undefined) {
      const i = this.steps.get(node) ?? 0;
      this.steps.set(node, i + rule.step);
      return this.value(items[i % items.length]);
    }
    if (!rule?.count) return items.map(each);
    // 'list|1': one item, picked at random
    if (rule.count.min === 1 && rule.count.max === undefined) return this.value(chance.pick(items)!);
    // 'list|n' / 'list|min-max': the items repeated
    const out: MockValue[] = [];
    const times = this.count(rule.count);
    for (let i = 0; i < times; i++) for (const item of items) out.push(each(item));
    return out;
  }
}
