// The error catalogue shared by server and client (spec §8, ShowDoc's codes, our extensions).
export const ErrorCode = {
  OK: 0,
  /** ShowDoc sends some failures through the success path with -1 */
  LEGACY_FAIL: -1,
  ITEM_PASSWORD_WRONG: 10010,
  VALIDATION: 10100,
  GENERIC: 10101,
  NOT_LOGGED_IN: 10102,
  NO_PERMISSION: 10103,
  USERNAME_EXISTS: 10201,
  WRONG_CREDENTIALS: 10204,
  CAPTCHA_WRONG: 10206,
  OWNER_PASSWORD_WRONG: 10208,
  USER_NOT_FOUND: 10209,
  /** wrong credentials and the failure counter reached its limit: the client must now show the captcha */
  LOGIN_CAPTCHA_REQUIRED: 10210,
  /** right password, but the account awaits an administrator's approval */
  ACCOUNT_PENDING: 10211,
  /** right password, but the account awaits the confirmation of its email address */
  ACCOUNT_UNCONFIRMED: 10212,
  NO_VISIT: 10301,
  NO_ITEM_EDIT: 10302,
  /** not the item's manager */
  NOT_MANAGER: 10303,
  DOMAIN_TAKEN: 10304,
  DOMAIN_INVALID: 10305,
  OPEN_API_AUTH: 10306,
  /** the item is private and needs its password */
  ITEM_PASSWORD_REQUIRED: 10307,
  /** too many wrong item passwords: the captcha is now required */
  ITEM_PASSWORD_CAPTCHA: 10308,
  FORCE_LOGIN: 10312,
  BAD_ROUTE: 10400,
  UNKNOWN_ACTION: 10404,
  BODY_TOO_LARGE: 10413,
  UNSUPPORTED_MEDIA: 10415,
  RATE_LIMITED: 10429,
  INTERNAL: 10500,
  UNAVAILABLE: 10503,
  /** this site cannot send mail: no mail server (SMTP_HOST), or no site address for mailed links */
  MAIL_UNAVAILABLE: 10504,
  /** ShowDoc: the public square is switched off (publicSquare/getPublicItems) */
  PUBLIC_SQUARE_OFF: 10501,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes after which the login form must show the verification code (spec §4/§8). */
export const LOGIN_CAPTCHA_CODES: readonly number[] = [ErrorCode.CAPTCHA_WRONG, ErrorCode.LOGIN_CAPTCHA_REQUIRED];
/** Codes after which the item password form must show the verification code. */
export const ITEM_PASSWORD_CAPTCHA_CODES: readonly number[] = [ErrorCode.CAPTCHA_WRONG, ErrorCode.ITEM_PASSWORD_CAPTCHA];
/** Codes that send the client to the item password screen. */
export const NEED_ITEM_PASSWORD_CODES: readonly number[] = [ErrorCode.ITEM_PASSWORD_REQUIRED, ErrorCode.NOT_MANAGER];

export interface Envelope<T = unknown> {
  error_code: number;
  error_message?: string;
  data?: T;
}
