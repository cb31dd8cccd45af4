import { describe, expect, it } from 'vitest';
import { avatarColor } from './avatarColor';

describe('avatarColor', () => {
  it('gives a user the same colour every time', () => {
    for (const uid of [1, 7, 42, 1001]) expect(avatarColor(uid)).toBe(avatarColor(uid));
  });

  it('tells twelve users in a row apart', () => {
    const colours = Array.from({ length: 12 }, (_, i) => avatarColor(i + 1));
    expect(new Set(colours).size).toBe(12);
    for (const c of colours) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps the colours the server gave before (uid 7 was another colour in the editor)', () => {
    expect(avatarColor(1)).toBe('#d1242f');
    expect(avatarColor(6)).toBe('#0969da');
    expect(avatarColor(7)).toBe('#cf222e');
    expect(avatarColor(12)).toBe('#1f6feb');
  });

  it('greys out a connection without a user', () => {
    expect(avatarColor(0)).toBe('#6e7781');
  });
});
