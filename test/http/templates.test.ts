// Page templates over HTTP: each user sees and changes only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUserWithToken, type ClusterUser } from '../helpers/cluster';
import { templates } from '../../server/db/schema';

let app: TestApp;
let ann: ClusterUser;
let bob: ClusterUser;

beforeAll(async () => {
  app = await startTestApp();
  ann = await createUserWithToken(app.database, 'tp_ann');
  bob = await createUserWithToken(app.database, 'tp_bob');
}, 120_000);
afterAll(() => app?.close());

const row = async (id: number) => (await app.deps.db.select().from(templates).where(eq(templates.id, id)))[0];

describe('templates', () => {
  it('saves and lists the caller\'s templates, newest first, stored raw', async () => {
    const a = await app.call('template/save', { template_title: 'API <doc>', template_content: '## 简要描述\n\n- a & b' }, { token: ann.user_token });
    expect(a.error_code).toBe(0);
    const b = await app.call('template/save', { template_title: 'Second', template_content: 'x' }, { token: ann.user_token });
    expect(b.error_code).toBe(0);
    const list = await app.call('template/getList', {}, { token: ann.user_token });
    expect(list.data.map((t: any) => t.template_title).sort()).toEqual(['API <doc>', 'Second']);
    const first = list.data.find((t: any) => t.template_title === 'API <doc>');
    // template/save answers the insert id (a number), getList the row as fetched (text)
    expect(first).toMatchObject({ id: String(a.data.id), template_content: '## 简要描述\n\n- a & b' });
    expect(first.addtime).toMatch(/^\d{4}-/);
    expect((await app.call('template/getList', {}, { token: bob.user_token })).data).toEqual([]);
  });

  it('refuses anonymous callers and an empty title', async () => {
    expect((await app.call('template/getList', {})).error_code).toBe(10102);
    expect((await app.call('template/save', { template_title: 'x', template_content: 'y' })).error_code).toBe(10102);
    expect((await app.call('template/delete', { id: 1 })).error_code).toBe(10102);
    const n = (await app.deps.db.select().from(templates)).length;
    expect((await app.call('template/save', { template_title: '  ', template_content: 'y' }, { token: ann.user_token })).error_code).toBe(10101);
    expect((await app.deps.db.select().from(templates)).length).toBe(n);
  });

  it('only the owner may update or delete a template', async () => {
    const a = await app.call('template/save', { template_title: 'Mine', template_content: 'orig' }, { token: ann.user_token });
    const id = a.data.id;
    const steal = await app.call('template/save', { id, template_title: 'Hacked', template_content: 'x' }, { token: bob.user_token });
    expect(steal.error_code).toBe(10103);
    const del = await app.call('template/delete', { id }, { token: bob.user_token });
    expect(del.error_code).toBe(10103);
    expect(await row(id)).toMatchObject({ templateTitle: 'Mine', templateContent: 'orig', uid: ann.uid });
    const upd = await app.call('template/save', { id, template_title: 'Mine 2', template_content: 'new' }, { token: ann.user_token });
    expect(upd.error_code).toBe(0);
    expect(await row(id)).toMatchObject({ templateTitle: 'Mine 2', templateContent: 'new' });
    expect((await app.call('template/delete', { id }, { token: ann.user_token })).error_code).toBe(0);
    expect(await row(id)).toBeUndefined();
    expect((await app.call('template/delete', { id }, { token: ann.user_token })).error_code).toBe(10103);
  });
});
