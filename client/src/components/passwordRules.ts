// The rule for a new login password, as the server checks it (shared/limits.ts): shown under the
// field and checked before sending. The server alone knows the list of common passwords.
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/limits';

export const newPasswordHelp = (t: TFunction) => t('password.rule', { min: PASSWORD_MIN_LENGTH });

export function newPasswordRules(t: TFunction, required = true): Rule[] {
  return [
    ...(required ? [{ required: true, message: t('login.passwordRequired') }] : []),
    { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, message: t('password.length', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }) },
  ];
}

/** The new password typed again: required, and the same as the field `of`. */
export function repeatPasswordRules(of: string, texts: { required: string; mismatch: string }): Rule[] {
  return [
    { required: true, message: texts.required },
    ({ getFieldValue }) => ({
      validator: (_, v) => (!v || v === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(texts.mismatch))),
    }),
  ];
}
