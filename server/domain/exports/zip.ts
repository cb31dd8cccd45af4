// Export archives written as a stream: entries are files in the export's scratch folder or
// stored files, each opened only when the zip reaches it (a thousand attachments never hold a
// thousand open files or object-storage requests), so the archive never sits in memory.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import JSZip from 'jszip';

/** A stream that opens its source on the first read. A source that is gone gives an empty entry. */
export function lazyStream(open: () => Promise<Readable | null>): Readable {
  let source: Readable | null = null;
  let opening = false;
  const out = new Readable({
    read() {
      if (source) {
        source.resume();
        return;
      }
      if (opening) return;
      opening = true;
      open().then(
        (s) => {
          if (!s) {
            out.push(null);
            return;
          }
          source = s;
          s.on('data', (chunk: Buffer) => {
            if (!out.push(chunk)) s.pause();
          });
          s.on('end', () => out.push(null));
          s.on('error', (e) => out.destroy(e));
        },
        (e: Error) => out.destroy(e),
      );
    },
    destroy(err, cb) {
      source?.destroy();
      cb(err);
    },
  });
  return out;
}

export class ZipWriter {
  private readonly zip = new JSZip();

  addText(name: string, text: string): void {
    this.zip.file(name, text);
  }

  /** a file on disk (the export's scratch folder), read when the zip reaches it */
  addFile(name: string, path: string): void {
    this.zip.file(name, lazyStream(async () => fs.createReadStream(path)));
  }

  /** bytes from elsewhere (storage), opened when the zip reaches them; already compressed formats are stored */
  addStream(name: string, open: () => Promise<Readable | null>, compress = true): void {
    this.zip.file(name, lazyStream(open), { compression: compress ? 'DEFLATE' : 'STORE' });
  }

  async writeTo(outPath: string): Promise<void> {
    await pipeline(this.zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } }), fs.createWriteStream(outPath));
  }
}

/** Formats that gain nothing from deflate. */
export function isCompressed(fileType: string, name: string): boolean {
  return /^(image\/(png|jpe?g|gif|webp)|video\/|audio\/|application\/(zip|gzip|x-7z|x-rar|pdf))/i.test(fileType) || /\.(zip|gz|7z|rar|png|jpe?g|gif|webp|mp4|mp3|docx|xlsx|pptx)$/i.test(name);
}
