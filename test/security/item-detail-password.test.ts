// issue #20: item/detail answered `password: ""` for a private item. ShowDoc's item dialog reads
// "private" from a non-empty password, shows the item as public, and its Save sends the password
// back as it got it — so saving the dialog unchanged made a private item public. item/detail now
// answers managers a placeholder (never the hash, never a plaintext), and item/update takes the
// placeholder back as "keep the current password".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, buildItem, makeUser, type Actor } from '../helpers/fixtures';
import { items } from '../../server/db/schema';

let app: TestApp;
let owner: Actor;
let manager: Actor;
let stranger: Actor;

beforeAll(async () => {
  app = await startTestApp();
  await makeUser(app, 'idp_admin');
  owner = await makeUser(app, 'idp_owner');
  manager = await makeUser(app, 'idp_manager');
  stranger = await makeUser(app, 'idp_stranger');
}, 120_000);
afterAll(() => app?.close());

const storedPassword = async (itemId: number) => (await app.deps.db.select({ password: items.password }).from(items).where(eq(items.itemId, itemId)))[0].password;

/** What ShowDoc's item dialog sends on Save: the fields of item/detail, as they came. */
const dialogSave = (d: Record<string, unknown>) => ({
  item_id: d.item_id,
  item_name: d.item_name,
  item_description: d.item_description,
  item_domain: d.item_domain,
  password: d.password,
});

describe('item/detail → item/update keeps a private item private', () => {
  it('answers a placeholder (not the hash, not the plaintext) and takes it back as "unchanged"', async () => {
    const b = await buildItem(app, owner, { name: 'Private docs', password: 'visit-pw-1', rootPages: ['A'] });
    await addMember(app, b.itemId, manager, 2);
    const hash = await storedPassword(b.itemId);
    expect(hash).toMatch(/^\$argon2id\$/);

    for (const who of [owner, manager]) {
      const d = await app.call('item/detail', { item_id: b.itemId }, { token: who.token });
      expect(d.error_code).toBe(0);
      // ShowDoc's dialog decides "private" from a non-empty password
      expect(typeof d.data.password).toBe('string');
      expect(d.data.password).not.toBe('');
      expect(d.data.password).not.toBe('visit-pw-1');
      expect(d.data.password).not.toContain('argon2');
      expect(JSON.stringify(d.data)).not.toContain(hash);

      const saved = await app.call('item/update', dialogSave(d.data), { token: who.token });
      expect(saved.error_code).toBe(0);
      expect(await storedPassword(b.itemId)).toBe(hash);
    }

    // still private: a stranger is refused without the password, and the old password still opens it
    expect((await app.call('item/info', { item_id: b.itemId }, { token: stranger.token })).error_code).toBe(10307);
    const opened = await app.call('item/info', { item_id: b.itemId, _item_pwd: 'visit-pw-1' }, { token: stranger.token });
    expect(opened.error_code).toBe(0);
    expect(opened.data.item_name).toBe('Private docs');
  });

  it('a public item answers an empty password, and the placeholder as a new password on a public item is just a password', async () => {
    const b = await buildItem(app, owner, { name: 'Open docs' });
    const d = await app.call('item/detail', { item_id: b.itemId }, { token: owner.token });
    expect(d.data.password).toBe('');
    expect((await app.call('item/update', dialogSave(d.data), { token: owner.token })).error_code).toBe(0);
    expect(await storedPassword(b.itemId)).toBe('');
  });

  it('a real new password still replaces the old one, and an empty one still makes the item public', async () => {
    const b = await buildItem(app, owner, { name: 'Rotating', password: 'old-pw-1' });
    const d = await app.call('item/detail', { item_id: b.itemId }, { token: owner.token });
    expect((await app.call('item/update', { ...dialogSave(d.data), password: 'new-pw-2' }, { token: owner.token })).error_code).toBe(0);
    expect((await app.call('item/info', { item_id: b.itemId, _item_pwd: 'old-pw-1' }, { token: stranger.token })).error_code).toBe(10307);
    expect((await app.call('item/info', { item_id: b.itemId, _item_pwd: 'new-pw-2' }, { token: stranger.token })).error_code).toBe(0);
    expect((await app.call('item/update', { ...dialogSave(d.data), password: '' }, { token: owner.token })).error_code).toBe(0);
    expect(await storedPassword(b.itemId)).toBe('');
  });
});
