import { describe, expect, it } from 'vitest';
import { publicSquareOpen, requirePublicSquare } from './publicSquare';
import type { SessionUser } from '../auth/sessionUser';

const someone = { uid: 5, groupid: 2 } as SessionUser;
const code = (f: () => void) => {
  try {
    f();
    return 0;
  } catch (e) {
    return (e as { code: number }).code;
  }
};

describe('the public square', () => {
  it('is closed to everyone while switched off', () => {
    const site = { enable_public_square: false, force_login: false };
    expect(publicSquareOpen(site)).toBe(false);
    expect(code(() => requirePublicSquare(site, someone))).toBe(10501);
    expect(code(() => requirePublicSquare(site, null))).toBe(10501);
  });
  it('is open to anyone when on, to logged-in users only when the site forces a login', () => {
    expect(code(() => requirePublicSquare({ enable_public_square: true, force_login: false }, null))).toBe(0);
    expect(code(() => requirePublicSquare({ enable_public_square: true, force_login: true }, someone))).toBe(0);
    expect(code(() => requirePublicSquare({ enable_public_square: true, force_login: true }, null))).toBe(10312);
  });
});
