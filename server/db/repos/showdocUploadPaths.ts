// Old ShowDoc attachment paths (Public/Uploads/<day>/<name>) that the ShowDoc import mapped to
// Quire files: rows of showdoc_import_map with source_table 'upload_path'.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { attachments, showdocImportMap } from '../schema';

export const UPLOAD_PATH_SOURCE = 'upload_path';

/** The sign of the file an old upload path was imported as (undefined: never imported, or deleted since). */
export async function signOfUploadPath(db: DbOrTx, uploadPath: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sign: attachments.sign })
    .from(showdocImportMap)
    .innerJoin(attachments, eq(attachments.fileId, showdocImportMap.targetId))
    .where(and(eq(showdocImportMap.sourceTable, UPLOAD_PATH_SOURCE), eq(showdocImportMap.sourceKey, uploadPath)))
    .limit(1);
  return row?.sign;
}
