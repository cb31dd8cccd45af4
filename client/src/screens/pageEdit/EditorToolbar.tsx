// Formatting buttons over the editor (headings, emphasis, lists, quote, code, table, link,
// image upload, rule, undo/redo).
import { useRef } from 'react';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
  CodeOutlined,
  TableOutlined,
  LinkOutlined,
  PictureOutlined,
  MinusOutlined,
  UndoOutlined,
  RedoOutlined,
  FontSizeOutlined,
  StrikethroughOutlined,
  CheckSquareOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { undo, redo } from '@codemirror/commands';
import { yUndoManagerKeymap } from 'y-codemirror.next';
import type { EditorView } from '@codemirror/view';
import { insertBlock, prefixLines, wrapSelection, TABLE_SNIPPET, TABLE_SNIPPET_ZH } from './editorCommands';

// y-codemirror.next exports its undo/redo commands only through its keymap
const yCommand = (key: string) => yUndoManagerKeymap.find((k) => k.key === key)!.run!;
const yUndo = yCommand('Mod-z');
const yRedo = yCommand('Mod-Shift-z');

export interface EditorToolbarProps {
  view: () => EditorView | null;
  shared: boolean;
  /** images chosen with the image button: uploaded and inserted at the cursor (as pasted ones are) */
  onImages(files: File[], view: EditorView): void;
}

export function EditorToolbar({ view, shared, onImages }: EditorToolbarProps) {
  const { t, i18n } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const picked = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    // the same file may be chosen again next time
    input.value = '';
    const v = view();
    if (files.length && v) onImages(files, v);
  };
  const run = (fn: (v: EditorView) => void) => () => {
    const v = view();
    if (v) fn(v);
  };
  const tool = (key: string, icon: React.ReactNode, fn: (v: EditorView) => void) => (
    <Tooltip title={t(`editor.tool.${key}`)} key={key}>
      <Button type="text" size="small" icon={icon} aria-label={t(`editor.tool.${key}`)} onClick={run(fn)} data-testid={`tool-${key}`} />
    </Tooltip>
  );
  const headings = [1, 2, 3, 4, 5, 6].map((n) => ({ key: String(n), label: `H${n}` }));
  return (
    <Space size={2} wrap className="quire-editor-toolbar" data-testid="editor-toolbar">
      <Dropdown trigger={['click']} menu={{ items: headings, onClick: ({ key }) => run((v) => prefixLines(v, '#'.repeat(Number(key)) + ' '))() }}>
        <Button type="text" size="small" icon={<FontSizeOutlined />} aria-label={t('editor.tool.heading')} />
      </Dropdown>
      {tool('bold', <BoldOutlined />, (v) => wrapSelection(v, '**', '**', t('editor.tool.boldText')))}
      {tool('italic', <ItalicOutlined />, (v) => wrapSelection(v, '*', '*', t('editor.tool.italicText')))}
      {tool('strike', <StrikethroughOutlined />, (v) => wrapSelection(v, '~~', '~~', t('editor.tool.strikeText')))}
      {tool('ul', <UnorderedListOutlined />, (v) => prefixLines(v, '- '))}
      {tool('ol', <OrderedListOutlined />, (v) => prefixLines(v, (n) => `${n}. `))}
      {tool('task', <CheckSquareOutlined />, (v) => prefixLines(v, '- [ ] '))}
      {tool('quote', <span style={{ fontWeight: 700 }}>”</span>, (v) => prefixLines(v, '> '))}
      {tool('code', <CodeOutlined />, (v) => wrapSelection(v, '\n```\n', '\n```\n', 'code'))}
      {tool('table', <TableOutlined />, (v) => insertBlock(v, i18n.language === 'zh-CN' ? TABLE_SNIPPET_ZH : TABLE_SNIPPET))}
      {tool('link', <LinkOutlined />, (v) => wrapSelection(v, '[', '](https://)', t('editor.tool.linkText')))}
      {tool('image', <PictureOutlined />, () => picker.current?.click())}
      <input ref={picker} type="file" accept="image/*" multiple hidden onChange={(e) => picked(e.currentTarget)} data-testid="image-file-input" />
      {tool('hr', <MinusOutlined />, (v) => insertBlock(v, '---\n'))}
      {tool('undo', <UndoOutlined />, (v) => (shared ? yUndo(v) : undo(v)))}
      {tool('redo', <RedoOutlined />, (v) => (shared ? yRedo(v) : redo(v)))}
    </Space>
  );
}
