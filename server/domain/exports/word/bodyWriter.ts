// The state of a Word export's body while it is written: headings with the bookmarks the table
// of contents links to, the relationships of links and pictures, the pictures' files, and one
// numbering per ordered list. Pages are converted one by one into XML text.
import { fitWithin } from './imageInfo';
import { esc, heading, picture } from './ooxml';
import { MarkdownToWord, type WordBody } from './markdownToWord';
import { TEXT_WIDTH_PX } from './styles';
import type { WordImage, WordImages } from './images';

export interface TocEntry {
  title: string;
  level: number;
  href: string;
}

export interface MediaFile {
  name: string;
  data: Buffer;
}

const EXT = { png: 'png', jpg: 'jpeg', gif: 'gif', bmp: 'bmp' } as const;
const LINK_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';
const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

export class WordBodyWriter implements WordBody {
  readonly toc: TocEntry[] = [];
  readonly media: MediaFile[] = [];
  /** relationship elements for word/_rels/document.xml.rels */
  readonly relationships: string[] = [];
  orderedLists = 0;
  private readonly links = new Map<string, string>();
  private readonly pictures = new Map<string, { relId: string; image: WordImage }>();
  private bookmarks = 0;
  private drawings = 0;
  private readonly converter: MarkdownToWord;

  constructor(
    private readonly images: WordImages,
    /** the heading level of the deepest page title (content headings go below it) */
    readonly pageLevel: number,
  ) {
    this.converter = new MarkdownToWord(this);
  }

  get headingBase(): number {
    return Math.min(6, this.pageLevel + 1);
  }

  /** A catalog's or page's title, listed in the table of contents. */
  heading(level: number, text: string): string {
    const id = ++this.bookmarks;
    const name = `_TocQ${id}`;
    this.toc.push({ title: text, level, href: name });
    return heading(level, text, { id, name });
  }

  markdown(src: string): string {
    return this.converter.convert(src);
  }

  picture(src: string, alt: string): string | null {
    const found = this.images.get(src);
    if (!found) return null;
    let pic = this.pictures.get(found.sign);
    if (!pic) {
      const relId = `rIdQi${this.pictures.size + 1}`;
      const name = `quire${this.pictures.size + 1}.${EXT[found.image.type]}`;
      this.media.push({ name, data: found.image.data });
      this.relationships.push(`<Relationship Id="${relId}" Type="${IMAGE_REL}" Target="media/${name}"/>`);
      pic = { relId, image: found.image };
      this.pictures.set(found.sign, pic);
    }
    return picture(pic.relId, ++this.drawings, fitWithin(pic.image, TEXT_WIDTH_PX), alt);
  }

  link(href: string): string {
    let relId = this.links.get(href);
    if (!relId) {
      relId = `rIdQh${this.links.size + 1}`;
      this.links.set(href, relId);
      this.relationships.push(`<Relationship Id="${relId}" Type="${LINK_REL}" Target="${esc(href)}" TargetMode="External"/>`);
    }
    return relId;
  }

  orderedList(): number {
    return 2 + this.orderedLists++;
  }
}
