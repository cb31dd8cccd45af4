// Template → generated JSON text. The template is parsed, checked and interpreted in a separate
// generator process (server/mock): the API process never interprets user templates.
import { mockPool } from '../../mock/pool';

export function generateMock(template: string): Promise<string> {
  return mockPool().run(template);
}
