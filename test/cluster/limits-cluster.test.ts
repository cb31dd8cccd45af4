// Request limits with two API processes on one Redis: a user's allowance of searches is one,
// whichever process answers; while Redis is away each process counts on its own, and searches
// keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, seedItem } from '../helpers/realtime';
import { createUserWithToken, startTwoProcesses, type ClusterUser, type ServerProcess, type TwoProcesses } from '../helpers/cluster';

const PER_MINUTE = 4;
let c: TwoProcesses;
let itemId: number;

const search = async (node: ServerProcess, user: ClusterUser, ip: string) => {
  const res = await fetch(`${node.url}/api/item/search`, {
    method: 'POST',
    headers: { 'x-api-token': user.user_token, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ item_id: String(itemId), keyword: 'anything' }),
  });
  return ((await res.json()) as { error_code: number }).error_code;
};

beforeAll(async () => {
  // TRUST_PROXY: each test user comes from its own address, so only the per-user count decides
  c = await startTwoProcesses({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), TRUST_PROXY: '1' });
  const owner = await createUserWithToken(c.db, 'lc_owner');
  itemId = await seedItem(c.db.db, owner);
}, 120_000);

afterAll(async () => {
  await c?.stop();
});

describe('request limits across processes', () => {
  it('one allowance per user, counted in Redis: what one process allowed, the other does not', async () => {
    const ann = await createUserWithToken(c.db, 'lc_ann');
    await addMember(c.db.db, itemId, ann, 0);
    const answers = [];
    for (let i = 0; i < PER_MINUTE; i++) answers.push(await search(i % 2 ? c.n2 : c.n1, ann, '10.0.0.1'));
    expect(answers).toEqual(Array(PER_MINUTE).fill(0));
    expect(await search(c.n1, ann, '10.0.0.1')).toBe(10429);
    expect(await search(c.n2, ann, '10.0.0.1')).toBe(10429);
  });

  it('while Redis is away each process counts on its own, and searches still answer', async () => {
    await c.redis.stop();
    try {
      const bob = await createUserWithToken(c.db, 'lc_bob');
      await addMember(c.db.db, itemId, bob, 0);
      for (let i = 0; i < PER_MINUTE; i++) expect(await search(c.n1, bob, '10.0.0.2')).toBe(0);
      expect(await search(c.n1, bob, '10.0.0.2')).toBe(10429);
      // the other process has not seen bob's searches
      expect(await search(c.n2, bob, '10.0.0.2')).toBe(0);
    } finally {
      await c.redis.start();
    }
  });
});
