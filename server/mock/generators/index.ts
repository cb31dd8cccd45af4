// The fixed table of placeholders (Mock.Random's, by lower-case name). A name not in this table
// is refused; nothing else is ever looked up or called.
import { aliases as basicAliases, basic } from './basic';
import { date } from './date';
import { text } from './text';
import { people } from './people';
import { web } from './web';
import { address } from './address';
import { color } from './color';
import { image } from './image';
import { helper } from './helper';
import { misc } from './misc';
import type { Generator } from './types';

const table = new Map<string, Generator>();
for (const group of [basic, date, text, people, web, address, color, image, helper, misc]) {
  for (const [name, g] of Object.entries(group)) table.set(name.toLowerCase(), g);
}
const aliases: Record<string, string> = { ...basicAliases, img: 'image', uuid: 'guid', inc: 'increment' };
for (const [alias, name] of Object.entries(aliases)) table.set(alias, table.get(name)!);

export function generatorNamed(name: string): Generator | undefined {
  return table.get(name.toLowerCase());
}
