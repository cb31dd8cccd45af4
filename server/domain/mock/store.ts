// Mock definitions: one per page (template + path), reachable publicly by item + path or by key.
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import * as mockRepo from '../../db/repos/mocks';
import type { MockRow } from '../../db/repos/mocks';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { MOCK_LIMITS } from '../../mock/limits';

export type { MockRow } from '../../db/repos/mocks';

/** '/x' form of a mock path; clear error for one that cannot be a path. */
export function normalizeMockPath(raw: string): string {
  let p = raw.trim();
  if (!p.startsWith('/')) p = '/' + p;
  if (p.length > MOCK_LIMITS.pathChars) {
    throw new ApiError(ErrorCode.GENERIC, 'The mock path is too long (max {max} characters)', { max: MOCK_LIMITS.pathChars });
  }
  if (/[\u0000-\u001f\u007f]/.test(p)) throw new ApiError(ErrorCode.GENERIC, 'The mock path contains control characters');
  return p;
}

export function mockOfPage(db: DbOrTx, pageId: number): Promise<MockRow | undefined> {
  return mockRepo.findOfPage(db, pageId);
}

export function mockByPath(db: DbOrTx, itemId: number, path: string): Promise<MockRow | undefined> {
  return mockRepo.findByPath(db, itemId, path);
}

export async function mockByKey(db: DbOrTx, key: string): Promise<MockRow | undefined> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(key)) return undefined;
  return mockRepo.findByKey(db, key);
}

export function countMockView(db: DbOrTx, id: number): Promise<void> {
  return mockRepo.countView(db, id);
}

export interface SaveMockInput {
  pageId: number;
  itemId: number;
  uid: number;
  template: string;
  path: string;
}

/** Creates or replaces the page's mock; a path used by another page of the item is refused. */
export async function saveMock(db: Db, input: SaveMockInput, now: number): Promise<MockRow> {
  return db.transaction(async (tx) => {
    if (await mockRepo.pathTakenByOther(tx, input.itemId, input.path, input.pageId)) {
      throw new ApiError(ErrorCode.GENERIC, 'The mock path {path} is already used by another page of this item', { path: input.path });
    }
    const existing = await mockRepo.findOfPage(tx, input.pageId);
    const fields = { uid: input.uid, itemId: input.itemId, template: input.template, path: input.path, now };
    if (existing) return mockRepo.update(tx, existing.id, fields);
    return mockRepo.insert(tx, { ...fields, uniqueKey: randomBytes(16).toString('hex'), pageId: input.pageId });
  });
}

/** Whether the mock's item and page still exist (deleted ones stop answering). */
export function mockIsLive(db: DbOrTx, row: MockRow): Promise<boolean> {
  return mockRepo.pageAndItemLive(db, row);
}
