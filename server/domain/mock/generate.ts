// Template → generated JSON text, by our own interpreter of the Mock.js template language
// (server/mock): the template is parsed and its placeholders looked up in a fixed table.
import { ApiError } from '../../http/apiError';
import { generateJson } from '../../mock/generateJson';

export async function generateMock(template: string): Promise<string> {
  try {
    return generateJson(template);
  } catch (e) {
    // public mock URLs answer a bad template with 400
    if (e instanceof ApiError) throw new ApiError(e.code, e.template, e.vars, 400);
    throw e;
  }
}
