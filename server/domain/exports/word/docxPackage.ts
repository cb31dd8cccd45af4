// Assembles the .docx: the `docx` package builds the document (styles, title page, table of
// contents from the body's headings, footer with page numbers, settings, properties) around a
// marker paragraph; the marker is replaced by the body streamed from disk, and the body's
// numbering, links and pictures are added to the package. The zip is written as a stream.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import JSZip from 'jszip';
import { AlignmentType, Document, Footer, Packer, PageNumber, Paragraph, TableOfContents, TextRun } from 'docx';
import { STYLES } from './styles';
import { numberingXml, xmlSafe } from './ooxml';
import type { WordBodyWriter } from './bodyWriter';

const MARKER = '@@QUIRE-BODY@@';
const MARKER_XML = `<w:p><w:r><w:t xml:space="preserve">${MARKER}</w:t></w:r></w:p>`;

export interface DocxParts {
  title: string;
  description: string;
  contentsLabel: string;
  /** the title page's paragraphs */
  titlePage: Paragraph[];
  /** the body's XML, written to this file */
  bodyPath: string;
  body: WordBodyWriter;
}

async function* concat(head: string, bodyPath: string, tail: string): AsyncGenerator<Buffer> {
  yield Buffer.from(head);
  for await (const chunk of fs.createReadStream(bodyPath)) yield chunk as Buffer;
  yield Buffer.from(tail);
}

export async function writeDocx(parts: DocxParts, outPath: string): Promise<void> {
  const doc = new Document({
    creator: 'Quire',
    title: xmlSafe(parts.title),
    description: xmlSafe(parts.description).slice(0, 500),
    styles: STYLES,
    sections: [
      { children: parts.titlePage },
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: parts.contentsLabel, bold: true, size: 32 })], spacing: { after: 240 } }),
          new TableOfContents(parts.contentsLabel, {
            hyperlink: true,
            headingStyleRange: `1-${parts.body.pageLevel}`,
            cachedEntries: parts.body.toc.filter((e) => e.level <= parts.body.pageLevel).map((e) => ({ ...e, title: xmlSafe(e.title) })),
          }),
        ],
      },
      {
        children: [new Paragraph(MARKER)],
        footers: { default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: [PageNumber.CURRENT] })] })] }) },
      },
    ],
  });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(doc));

  const documentXml = await zip.file('word/document.xml')!.async('string');
  const at = documentXml.indexOf(MARKER_XML);
  if (at < 0) throw new Error('docx skeleton: body marker not found');
  zip.file('word/document.xml', Readable.from(concat(documentXml.slice(0, at), parts.bodyPath, documentXml.slice(at + MARKER_XML.length))));

  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  zip.file('word/_rels/document.xml.rels', rels.replace('</Relationships>', `${parts.body.relationships.join('')}</Relationships>`));
  zip.file('word/numbering.xml', numberingXml(parts.body.orderedLists));
  for (const m of parts.body.media) zip.file(`word/media/${m.name}`, m.data, { compression: 'STORE' });

  await pipeline(zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } }), fs.createWriteStream(outPath));
}
