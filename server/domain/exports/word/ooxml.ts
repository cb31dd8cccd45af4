// WordprocessingML for the body of an export, written as text. The `docx` package builds the
// document's package (styles, title page, contents, footer, settings); the body of a large item
// is streamed to disk as it is converted, because docx holds a whole document's objects in
// memory until it packs them (measured: 1.4 GB and 27 s for 1,000 pages; streamed: one batch
// of pages at a time). Element order follows the schema (ECMA-376 Part 1, §17).

const XML_INVALID = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text without the characters XML 1.0 cannot carry (a page may hold them; Word would refuse the file). */
export const xmlSafe = (s: string) => s.replace(XML_INVALID, '');

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Escaped for XML text and attribute values. */
export const esc = (s: string) => xmlSafe(s).replace(/[&<>"]/g, (c) => ESC[c]);

export interface RunProps {
  style?: string;
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  color?: string;
}

function rPr(p: RunProps): string {
  let x = '';
  if (p.style) x += `<w:rStyle w:val="${p.style}"/>`;
  if (p.bold) x += '<w:b/><w:bCs/>';
  if (p.italics) x += '<w:i/><w:iCs/>';
  if (p.strike) x += '<w:strike/>';
  if (p.color) x += `<w:color w:val="${p.color}"/>`;
  return x ? `<w:rPr>${x}</w:rPr>` : '';
}

/** A run of text; line breaks in the text become <w:br/>. */
export function run(text: string, p: RunProps = {}): string {
  if (!text) return '';
  const parts = text.split('\n').map((t) => (t ? `<w:t xml:space="preserve">${esc(t)}</w:t>` : ''));
  return `<w:r>${rPr(p)}${parts.join('<w:br/>')}</w:r>`;
}

export const lineBreak = () => '<w:r><w:br/></w:r>';

export interface ParaProps {
  style?: string;
  keepNext?: boolean;
  numbering?: { numId: number; level: number };
  /** left indent, twips */
  indent?: number;
  spacingAfter?: number;
  align?: 'center' | 'right';
  bottomBorder?: boolean;
}

export function paragraph(content: string, p: ParaProps = {}): string {
  let x = '';
  if (p.style) x += `<w:pStyle w:val="${p.style}"/>`;
  if (p.keepNext) x += '<w:keepNext/>';
  if (p.numbering) x += `<w:numPr><w:ilvl w:val="${p.numbering.level}"/><w:numId w:val="${p.numbering.numId}"/></w:numPr>`;
  if (p.bottomBorder) x += '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="D0D7DE"/></w:pBdr>';
  if (p.spacingAfter !== undefined) x += `<w:spacing w:after="${p.spacingAfter}"/>`;
  if (p.indent) x += `<w:ind w:left="${p.indent}"/>`;
  if (p.align) x += `<w:jc w:val="${p.align}"/>`;
  return `<w:p>${x ? `<w:pPr>${x}</w:pPr>` : ''}${content}</w:p>`;
}

/** A heading paragraph with a bookmark the table of contents links to. */
export function heading(level: number, text: string, bookmark: { id: number; name: string }): string {
  return paragraph(`<w:bookmarkStart w:id="${bookmark.id}" w:name="${bookmark.name}"/>${run(text)}<w:bookmarkEnd w:id="${bookmark.id}"/>`, { style: `Heading${level}` });
}

export function hyperlink(relId: string, content: string): string {
  return `<w:hyperlink r:id="${relId}" w:history="1">${content}</w:hyperlink>`;
}

const EMU_PER_PX = 9525;
const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
const PIC = 'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

/** An inline picture (size in pixels at 96 dpi). */
export function picture(relId: string, docPrId: number, size: { width: number; height: number }, alt: string): string {
  const cx = size.width * EMU_PER_PX;
  const cy = size.height * EMU_PER_PX;
  const name = `Picture ${docPrId}`;
  return (
    `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>` +
    `<wp:docPr id="${docPrId}" name="${name}" descr="${esc(alt)}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks ${A} noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    `<a:graphic ${A}><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic ${PIC}>` +
    `<pic:nvPicPr><pic:cNvPr id="${docPrId}" name="${name}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

/** Text width of an A4 page with 1-inch margins (docx's defaults), in twips. */
export const TEXT_WIDTH_TWIPS = 9026;

export interface CellXml {
  content: string;
  header: boolean;
}

const BORDER = 'w:val="single" w:sz="4" w:space="0" w:color="C8CED6"';

/** A table over the text width; header rows repeat on each page and are shaded. */
export function table(rows: CellXml[][]): string {
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const w = Math.floor(TEXT_WIDTH_TWIPS / cols);
  let x =
    `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/>` +
    `<w:tblBorders><w:top ${BORDER}/><w:left ${BORDER}/><w:bottom ${BORDER}/><w:right ${BORDER}/><w:insideH ${BORDER}/><w:insideV ${BORDER}/></w:tblBorders>` +
    `<w:tblLayout w:type="autofit"/><w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="80" w:type="dxa"/><w:bottom w:w="40" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar>` +
    `<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr><w:tblGrid>`;
  for (let c = 0; c < cols; c++) x += `<w:gridCol w:w="${w}"/>`;
  x += '</w:tblGrid>';
  for (const row of rows) {
    const header = row.some((c) => c.header);
    x += `<w:tr><w:trPr><w:cantSplit/>${header ? '<w:tblHeader/>' : ''}</w:trPr>`;
    for (let c = 0; c < cols; c++) {
      const cell = row[c];
      const shade = cell?.header ? '<w:shd w:val="clear" w:color="auto" w:fill="E8EEF7"/>' : '';
      x += `<w:tc><w:tcPr><w:tcW w:w="${w}" w:type="dxa"/>${shade}</w:tcPr>${cell?.content || paragraph('', { spacingAfter: 0 })}</w:tc>`;
    }
    x += '</w:tr>';
  }
  return x + '</w:tbl>';
}

const lvl = (ilvl: number, ordered: boolean) =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${ordered ? 'decimal' : 'bullet'}"/>` +
  `<w:lvlText w:val="${ordered ? `%${ilvl + 1}.` : ['•', '◦', '▪'][ilvl % 3]}"/><w:lvlJc w:val="left"/>` +
  `<w:pPr><w:ind w:left="${420 * (ilvl + 1)}" w:hanging="300"/></w:pPr></w:lvl>`;

const abstractNum = (id: number, ordered: boolean) =>
  `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="hybridMultilevel"/>${Array.from({ length: 9 }, (_, i) => lvl(i, ordered)).join('')}</w:abstractNum>`;

export const BULLET_NUM_ID = 1;

/**
 * numbering.xml: one bullet list definition (numId 1) and one numbering per ordered list
 * (numIds 2…), each starting again at 1.
 */
export function numberingXml(orderedLists: number): string {
  let x =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    abstractNum(1, true) +
    abstractNum(2, false) +
    `<w:num w:numId="${BULLET_NUM_ID}"><w:abstractNumId w:val="2"/></w:num>`;
  for (let n = 0; n < orderedLists; n++) {
    let overrides = '';
    for (let i = 0; i < 9; i++) overrides += `<w:lvlOverride w:ilvl="${i}"><w:startOverride w:val="1"/></w:lvlOverride>`;
    x += `<w:num w:numId="${n + 2}"><w:abstractNumId w:val="1"/>${overrides}</w:num>`;
  }
  return x + '</w:numbering>';
}
