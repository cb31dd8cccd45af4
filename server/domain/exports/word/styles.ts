// How an exported Word document looks: fonts that show Chinese, Japanese and Korean text (an
// East Asian font beside the Latin one), heading sizes, a monospace code style, block quotes.
import { BorderStyle, ShadingType, type IStylesOptions } from 'docx';
import { CODE_STYLE, INLINE_CODE_STYLE, QUOTE_STYLE } from './markdownToWord';

export const BODY_FONT = { ascii: 'Calibri', hAnsi: 'Calibri', cs: 'Calibri', eastAsia: 'Microsoft YaHei' };
export const CODE_FONT = { ascii: 'Consolas', hAnsi: 'Consolas', cs: 'Consolas', eastAsia: 'SimSun' };

/** Text width of an A4 page with docx's default margins, in pixels at 96 dpi (images fit into it). */
export const TEXT_WIDTH_PX = 600;

const line = { style: BorderStyle.SINGLE, size: 4, color: 'D0D7DE', space: 4 };
const heading = (size: number, color = '1F2328') => ({
  run: { font: BODY_FONT, size, bold: true, color },
  paragraph: { spacing: { before: 240, after: 120 }, keepNext: true, keepLines: true },
});

export const STYLES: IStylesOptions = {
  default: {
    document: {
      run: { font: BODY_FONT, size: 21, language: { value: 'en-US', eastAsia: 'zh-CN' } },
      paragraph: { spacing: { after: 120, line: 300 } },
    },
    title: { run: { font: BODY_FONT, size: 56, bold: true, color: '1F2328' }, paragraph: { spacing: { before: 2400, after: 240 } } },
    heading1: heading(36),
    heading2: heading(30),
    heading3: heading(26),
    heading4: heading(24),
    heading5: heading(22, '3A3F44'),
    heading6: heading(21, '57606A'),
    hyperlink: { run: { color: '0969DA', underline: {} } },
  },
  paragraphStyles: [
    {
      id: CODE_STYLE,
      name: 'Code',
      basedOn: 'Normal',
      run: { font: CODE_FONT, size: 18 },
      paragraph: {
        spacing: { before: 60, after: 160, line: 260 },
        shading: { type: ShadingType.CLEAR, fill: 'F6F8FA', color: 'auto' },
        border: { top: line, bottom: line, left: line, right: line },
      },
    },
    {
      id: QUOTE_STYLE,
      name: 'Quote',
      basedOn: 'Normal',
      run: { color: '57606A' },
      paragraph: { indent: { left: 360 }, border: { left: { style: BorderStyle.SINGLE, size: 18, color: 'D0D7DE', space: 8 } } },
    },
    { id: 'Subtitle', name: 'Subtitle', basedOn: 'Normal', run: { size: 26, color: '57606A' }, paragraph: { spacing: { after: 240 } } },
  ],
  characterStyles: [
    { id: INLINE_CODE_STYLE, name: 'Inline Code', basedOn: 'DefaultParagraphFont', run: { font: CODE_FONT, size: 19, shading: { type: ShadingType.CLEAR, fill: 'EFF1F3', color: 'auto' } } },
  ],
};
