// Which importer reads an upload, decided from its content (the name only breaks ties): a zip
// with ShowDoc's info file, any other zip (Markdown files), an OpenAPI/Swagger or Postman
// document in JSON or YAML, a ShowDoc info.json alone, or one Markdown file. Anything else is
// refused with the list of what Quire imports.
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { IMPORT_LIMITS } from './limits';
import { say } from './messages';
import { emptyCatalog, type ImportPlan } from './plan';
import { parseDocument } from './structured';
import { decodeText } from './text';
import { isZip, ZipArchive } from './zip/reader';
import { ArchiveFiles } from './formats/archive';
import { MARKDOWN_FILE, planMarkdownZip } from './formats/markdownZip';
import { isOpenApi, planOpenApi, type ReaderEnv } from './formats/openapi';
import { isPostman, isPostmanV1, planPostman } from './formats/postman';
import { INFO_FILES, isShowdocInfo, planShowdocInfo, planShowdocZip } from './formats/showdoc';

const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);

export const UNSUPPORTED =
  'Quire cannot import this file. It imports ShowDoc exports and Markdown files (zip), OpenAPI (Swagger) 2.0 and 3.x documents and Postman collections v2 (JSON or YAML)';

export async function planFromUpload(bytes: Buffer, fileName: string, env: ReaderEnv): Promise<ImportPlan> {
  if (bytes.length === 0) throw refuse('The file is empty');
  if (isZip(bytes)) {
    const zip = ZipArchive.open(bytes, { maxEntries: IMPORT_LIMITS.zipEntries, maxUnpackedBytes: IMPORT_LIMITS.zipUnpackedBytes });
    const files = new ArchiveFiles(zip);
    const info = INFO_FILES.find((f) => files.files.has(f));
    return info ? planShowdocZip(files, info, env) : planMarkdownZip(files, fileName, env);
  }
  if (bytes.length > IMPORT_LIMITS.textEntryBytes) throw refuse(UNSUPPORTED);
  const { text, lossy } = decodeText(bytes);
  if (MARKDOWN_FILE.test(fileName)) {
    const root = emptyCatalog();
    root.pages.push({ title: fileName.replace(MARKDOWN_FILE, '') || say(env.lang, 'Untitled'), content: text, source: fileName });
    return {
      format: 'markdown',
      formatLabel: 'Markdown',
      item: { name: fileName.replace(MARKDOWN_FILE, '') || 'Markdown', description: '', itemType: 1, password: { kind: 'random' } },
      root,
      assets: new Map(),
      skipped: lossy ? [{ name: fileName, reason: say(env.lang, 'Not valid UTF-8 text: characters that could not be read were replaced') }] : [],
    };
  }
  // binary that is no zip: nothing we read
  if (lossy || text.includes('\u0000')) throw refuse(UNSUPPORTED);
  const doc = parseDocument(text, fileName);
  if (isOpenApi(doc)) return planOpenApi(doc, fileName, env);
  if (isPostman(doc)) return planPostman(doc, fileName, env);
  if (isPostmanV1(doc)) throw refuse('This is a Postman collection v1, which Quire does not read; in Postman, export the collection as v2.1 and import that file');
  if (isShowdocInfo(doc)) return planShowdocInfo(doc, undefined, 'info.json', env);
  throw refuse(UNSUPPORTED);
}
