// What goes into the text besides typing: templates (built-in and the user's own), the format
// tools' conversions, uploaded images, spreadsheet rows pasted as a table, attachment links and
// restored history versions.
import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorView } from '@codemirror/view';
import { pageApi, toolsApi } from '../../api';
import type { ItemTemplate } from '../../api/endpoints/tools';
import type { Template } from '@shared/api/template';
import type { Language } from '../../i18n';
import { insertBlock, insertText } from './editorCommands';
import { replaceContent } from './replaceContent';
import { apiDocTemplate, dbDocTemplate } from './builtinTemplates';
import { beautifyJson, jsonToMarkdownTable, looksTabular, tsvToMarkdownTable } from './formatTools';
import { imageMarkdown, uploadImage } from './uploadImage';
import type { TextTool } from './dialogs/TextToolDialog';

export interface InsertTools {
  insertBuiltin(kind: 'api' | 'db'): void;
  /** the user's templates while their dialog is open, else null */
  templates: Template[] | null;
  /** the templates shared with this item (offered to its editors) while the dialog is open */
  sharedTemplates: ItemTemplate[];
  openTemplates(): Promise<void>;
  closeTemplates(): void;
  insertTemplate(content: string): void;
  /** a converted block (the SQL tool's table) at the cursor */
  insertMarkdownBlock(markdown: string): void;
  deleteTemplate(tpl: Template): Promise<void>;
  /** false when the input could not be converted (the dialog stays open) */
  convert(tool: TextTool, input: string): boolean;
  onFiles(files: File[], v: EditorView): Promise<void>;
  onPasteText(pasted: string, v: EditorView): boolean;
  insertLink(markdown: string): void;
  restore(content: string): void;
}

export function useInsertTools(view: () => EditorView | null, itemId: number, pageId: number, lang: Language): InsertTools {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [sharedTemplates, setSharedTemplates] = useState<ItemTemplate[]>([]);

  const insertBuiltin = (kind: 'api' | 'db') => {
    const v = view();
    if (v) insertBlock(v, kind === 'api' ? apiDocTemplate(lang) : dbDocTemplate(lang));
  };

  const openTemplates = async () => {
    const [list, shared] = await Promise.all([pageApi.templates(), itemId ? toolsApi.itemTemplates(itemId).catch(() => []) : Promise.resolve([])]);
    const mine = Array.isArray(list) ? list : [];
    if (!mine.length && !shared.length) {
      message.info(t('editor.templates.none'));
      return;
    }
    setSharedTemplates(shared);
    setTemplates(mine);
  };

  const insertTemplate = (content: string) => {
    const v = view();
    if (v) insertBlock(v, content);
    setTemplates(null);
  };

  const deleteTemplate = async (tpl: Template) => {
    await pageApi.deleteTemplate(tpl.id);
    setTemplates((list) => list?.filter((x) => x.id !== tpl.id) ?? null);
  };

  const convert = (tool: TextTool, input: string): boolean => {
    const v = view();
    if (!v) return false;
    if (tool === 'jsonTable') {
      try {
        insertBlock(v, jsonToMarkdownTable(input, { field: t('editor.format.field'), type: t('editor.format.type'), example: t('editor.format.example') }));
      } catch {
        message.error(t('editor.format.jsonFailed'));
        return false;
      }
    } else if (tool === 'beautify') insertBlock(v, beautifyJson(input));
    else insertBlock(v, tsvToMarkdownTable(input));
    return true;
  };

  const onFiles = async (files: File[], v: EditorView) => {
    for (const file of files) {
      if (!file.type.startsWith('image/')) continue;
      const r = await uploadImage(file, itemId, pageId);
      if (r.ok && r.url) insertText(v, imageMarkdown(file.name || 'image', r.url) + '\n');
      else message.error(r.message || t('editor.imageFailed'));
    }
  };

  // spreadsheet rows pasted as text become a table
  const onPasteText = (pasted: string, v: EditorView) => {
    if (!looksTabular(pasted) || pasted.trim().split(/\r?\n/).length < 2) return false;
    insertBlock(v, tsvToMarkdownTable(pasted));
    return true;
  };

  const insertLink = (markdown: string) => {
    const v = view();
    if (v) insertText(v, markdown);
  };

  const restore = (content: string) => {
    const v = view();
    if (v) replaceContent(v, content);
  };

  return {
    insertBuiltin,
    templates,
    sharedTemplates,
    openTemplates,
    closeTemplates: () => setTemplates(null),
    insertTemplate,
    insertMarkdownBlock: (markdown: string) => {
      const v = view();
      if (v) insertBlock(v, markdown);
    },
    deleteTemplate,
    convert,
    onFiles,
    onPasteText,
    insertLink,
    restore,
  };
}
