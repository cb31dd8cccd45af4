// A business error: answered with HTTP 200 and {error_code, error_message} (ShowDoc's contract).
import { ErrorCode } from '../shared/errors';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    /** English message template; translated per request (shared/messages) */
    readonly template: string,
    readonly vars?: Record<string, string | number>,
    /** HTTP status; 200 for business errors as ShowDoc does */
    readonly status = 200,
  ) {
    super(template);
  }
}

export const notLoggedIn = () => new ApiError(ErrorCode.NOT_LOGGED_IN, 'You are not logged in');
export const noPermission = (template = 'No permission', vars?: Record<string, string | number>) =>
  new ApiError(ErrorCode.NO_PERMISSION, template, vars);
export const badParam = (template: string, vars?: Record<string, string | number>) =>
  new ApiError(ErrorCode.GENERIC, template, vars);
export const notFound = (template: string, vars?: Record<string, string | number>) =>
  new ApiError(ErrorCode.GENERIC, template, vars);
/** 10429 with the wait (the envelope adds a Retry-After header) */
export const tooManyRequests = (seconds: number, status = 200) =>
  new ApiError(ErrorCode.RATE_LIMITED, 'Too many requests; try again in {seconds} seconds', { seconds: Math.max(1, Math.ceil(seconds)) }, status);

/** an upload over the site's size limit, naming the limit */
export const fileTooLarge = (mb: number) =>
  new ApiError(ErrorCode.BODY_TOO_LARGE, 'The file is too large; files must be under {limit} MB', { limit: mb }, 413);
