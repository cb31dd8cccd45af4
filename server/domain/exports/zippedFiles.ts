// The files pages link to, put into an export zip once each as the pages' bodies stream past
// (the Markdown zip's attachments/, the offline HTML's assets/uploads/).
import type { AppDeps } from '../../deps';
import type { Body } from './contents';
import { embeddableFiles, openFile, signsIn, type ExportFile } from './files';
import { attachmentFileName, type NameRegistry } from './fileNames';
import { isCompressed, type ZipWriter } from './zip';
import type { ExportScope } from './scope';

/** a file's place in the zip, or null when the page links to a file it may not export */
export type ZippedFile = { file: ExportFile; path: string } | null;

/**
 * Returns the map of sign → zipped file and the feed step that fills it: each new sign found
 * in the bodies is looked up once (by the export's scope) and, when exportable, streamed into
 * `folder` of the zip under a unique name.
 */
export function zippedFiles(deps: AppDeps, scope: ExportScope, zip: ZipWriter, names: NameRegistry, folder: string) {
  const files = new Map<string, ZippedFile>();
  const add = async (bodies: Body[]): Promise<void> => {
    const fresh = new Set<string>();
    for (const b of bodies) for (const s of signsIn(b.content)) if (!files.has(s)) fresh.add(s);
    if (!fresh.size) return;
    const found = await embeddableFiles(deps, scope, fresh);
    for (const sign of fresh) {
      const file = found.get(sign);
      if (!file) {
        files.set(sign, null);
        continue;
      }
      const name = attachmentFileName(file.fileId, file.displayName);
      const entry = names.take(folder, name.base, name.ext);
      files.set(sign, { file, path: entry });
      zip.addStream(entry, () => openFile(deps, file), !isCompressed(file.fileType, file.displayName));
    }
  };
  return { files, add };
}
