// Imported by the page editor and the diff page: their texts load with them.
import { addTexts } from './index';
import editorEn from './editor.en';
import editorZhCN from './editor.zh-CN';

addTexts(editorEn, editorZhCN);
