// What a new login password must be: 8 to 128 characters and not one of the most common
// passwords. The list is zxcvbn-ts's ranked list of common passwords (@zxcvbn-ts/language-common,
// MIT; about 49,000 entries drawn from leaked password sets), compared case-insensitively.
// Checked on every new password only: accounts with an older, weaker password still log in.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/limits';

let common: Set<string> | null = null;

/** Loaded on first use (half a megabyte of JSON that most requests never need). */
function commonPasswords(): Set<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
    const list = JSON.parse(fs.readFileSync(file, 'utf8')) as string[];
    common = new Set(list.map((p) => p.toLowerCase()));
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new ApiError(ErrorCode.GENERIC, 'Password must be {min} to {max} characters', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  }
  if (isCommonPassword(password)) throw new ApiError(ErrorCode.GENERIC, 'This password is one of the most common passwords; choose another');
}
