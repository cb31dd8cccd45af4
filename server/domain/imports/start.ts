// An import begins as a row holding the uploaded file (so that any process, and a retry days
// later, can read it), the target and the language; then its job (import.auto) runs it.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import * as importRepo from '../../db/repos/imports';
import type { ImportRun } from '../../db/repos/imports';

export interface NewImport {
  uid: number;
  /** 0: a new item */
  itemId: number;
  catId: number;
  fileName: string;
  /** the uploaded file (the request parser kept it under the upload limit) */
  filePath: string;
  lang: 'en' | 'zh';
  /** base URL for the links to attachments the import creates */
  siteBase: string;
}

export async function createImport(deps: AppDeps, n: NewImport): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const source = await fs.promises.readFile(n.filePath);
  await importRepo.insertRun(deps.db, {
    id,
    uid: n.uid,
    targetItemId: n.itemId,
    targetCatId: n.catId,
    fileName: n.fileName.split(/[/\\]/).pop()!.slice(-200),
    source,
    lang: n.lang,
    siteBase: n.siteBase,
    now: deps.now(),
  });
  return id;
}

export function setImportJob(deps: AppDeps, importId: string, jobId: string): Promise<void> {
  return importRepo.setJobId(deps.db, importId, jobId);
}

/** Forgets an import the queue refused (it will never run). */
export function dropImport(deps: AppDeps, importId: string): Promise<void> {
  return importRepo.deleteRun(deps.db, importId);
}

export function findImport(deps: AppDeps, importId: string): Promise<ImportRun | undefined> {
  if (!/^[0-9a-f]{32}$/.test(importId)) return Promise.resolve(undefined);
  return importRepo.findRun(deps.db, importId);
}
