// Template → generated JSON text: checked first, then run in the sandbox.
import { checkTemplate } from './template';
import { mockSandbox } from './sandbox';

export async function generateMock(template: string): Promise<string> {
  checkTemplate(template);
  return mockSandbox().run(template);
}
