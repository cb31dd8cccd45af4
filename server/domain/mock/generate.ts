// Template → generated JSON text. The template is parsed, checked and interpreted in a separate
// generator process (server/mock): the API process never interprets user templates.
import { ApiError } from '../../errors';
import { mockPool } from '../../mock/pool';

/** mock/add: a template that cannot be generated is refused like any bad parameter */
export function generateMock(template: string): Promise<string> {
  return mockPool().run(template);
}

/** the public mock URLs (raw JSON, no envelope): a template that cannot be generated answers 400 */
export async function generatePublicMock(template: string): Promise<string> {
  try {
    return await mockPool().run(template);
  } catch (e) {
    if (e instanceof ApiError && e.status === 200) throw new ApiError(e.code, e.template, e.vars, 400);
    throw e;
  }
}
