// Refusals of the mock interpreter: ApiErrors with English templates (Chinese texts in
// shared/messages/mock.ts). In the generator process they travel back as {template, vars}.
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';

export const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);

/** user text quoted in a message: shortened, on one line */
export function excerpt(text: string, max = 60): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  return flat.length > max ? flat.slice(0, max) + '…' : flat;
}
