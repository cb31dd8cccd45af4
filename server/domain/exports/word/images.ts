// The item's images a Word export embeds, read once per file from storage (local disk or object
// storage) and kept for the export's length. A total budget bounds the memory they take: past
// it, further images appear as links.
import type { AppDeps } from '../../../deps';
import { embeddableFiles, readFile, signOfUrl, signsIn } from '../files';
import type { ExportScope } from '../scope';
import { imageInfo } from './imageInfo';

export interface WordImage {
  data: Buffer;
  type: 'png' | 'jpg' | 'gif' | 'bmp';
  width: number;
  height: number;
}

export const IMAGE_BUDGET_BYTES = 64 * 1024 * 1024;
const PER_IMAGE_MAX_BYTES = 16 * 1024 * 1024;

export class WordImages {
  private readonly cache = new Map<string, WordImage | null>();
  private used = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly scope: ExportScope,
    private readonly budget = IMAGE_BUDGET_BYTES,
  ) {}

  /** Loads the images these pages link to (those not loaded yet). */
  async prepare(markdown: string[]): Promise<void> {
    const signs = new Set<string>();
    for (const m of markdown) for (const s of signsIn(m)) if (!this.cache.has(s)) signs.add(s);
    if (!signs.size) return;
    const files = await embeddableFiles(this.deps, this.scope, signs);
    for (const sign of signs) {
      const file = files.get(sign);
      let image: WordImage | null = null;
      const room = Math.min(PER_IMAGE_MAX_BYTES, this.budget - this.used);
      if (file && file.fileType.startsWith('image/') && file.fileSize <= room) {
        const data = await readFile(this.deps, file, room);
        const info = data ? imageInfo(data) : null;
        if (data && info) {
          image = { data, ...info };
          this.used += data.length;
        }
      }
      this.cache.set(sign, image);
    }
  }

  /** The image for an src (with its file's sign), when it is one of the item's files that could be loaded. */
  get(src: string): { sign: string; image: WordImage } | null {
    const sign = signOfUrl(src);
    const image = sign ? this.cache.get(sign) : null;
    return sign && image ? { sign, image } : null;
  }
}
