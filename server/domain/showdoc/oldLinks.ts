// Links into the old ShowDoc site that keep working after the move (#21): a file under
// Public/Uploads is found by the path the import recorded.
import type { AppDeps } from '../../deps';
import { signOfUploadPath } from '../../db/repos/showdocUploadPaths';

/** The sign of the Quire file an old Public/Uploads path became (undefined when none). */
export function fileSignOfOldUpload(deps: AppDeps, uploadPath: string): Promise<string | undefined> {
  return signOfUploadPath(deps.db, uploadPath);
}
