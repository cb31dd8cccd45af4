// Every t('…') key the reader screens use exists in English and Chinese, and both languages have
// the same keys (a missing key would show its raw name on screen).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en';
import zhCN from './zh-CN';
import managementEn from './management.en';
import managementZhCN from './management.zh-CN';
import editorEn from './editor.en';
import editorZhCN from './editor.zh-CN';
import aroundPageEn from './aroundPage.en';
import aroundPageZhCN from './aroundPage.zh-CN';
import screensEn from './screens.en';
import screensZhCN from './screens.zh-CN';

const SRC = path.resolve(__dirname, '..');
/** the management screens keep their texts in management.*.ts; screens/itemSetting/tabs.test.ts checks them */
const OTHERS = /screens[\\/](itemSetting|catalog|notice|team|attachment|userSetting|admin)[\\/]|realtime[\\/]/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return files(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

function flatten(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix];
  return Object.entries(o).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

/** i18next plural forms: count_one / count_other answer to `count` */
function has(keys: Set<string>, key: string): boolean {
  return keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`);
}

// the editor's texts (editorTexts.ts) load with the editor, the diff page and the history dialog
// the page extras' texts (aroundPageTexts.ts) load with them; so do the landing page's, Downloads' and export's (screenTexts.ts)
const enKeys = new Set([...flatten(en), ...flatten(editorEn), ...flatten(aroundPageEn), ...flatten(screensEn)]);
const zhKeys = new Set([...flatten(zhCN), ...flatten(editorZhCN), ...flatten(aroundPageZhCN), ...flatten(screensZhCN)]);
/** the management groups are checked by screens/itemSetting/tabs.test.ts */
const theirs = new Set(Object.keys(managementEn));
const mine = (k: string) => !theirs.has(k.split('.')[0]);

describe('translations', () => {
  const used = new Set<string>();
  const dynamic: string[] = [];
  for (const f of files(SRC).filter((f) => !OTHERS.test(f))) {
    const text = fs.readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) used.add(m[1]);
    for (const m of text.matchAll(/\bt\(\s*`([^`]+)`/g)) dynamic.push(m[1]);
  }

  it('finds the keys used by the screens', () => {
    expect(used.size).toBeGreaterThan(150);
  });

  it('every literal key exists in both languages', () => {
    // a reader screen may borrow a management text (the item list's delete dialog): it is looked up there
    const mgmtEn = new Set(flatten(managementEn));
    const mgmtZh = new Set(flatten(managementZhCN));
    const missing = [...used].flatMap((k) => {
      const [inEn, inZh] = mine(k) ? [enKeys, zhKeys] : [mgmtEn, mgmtZh];
      return [...(has(inEn, k) ? [] : [`en:${k}`]), ...(has(inZh, k) ? [] : [`zh-CN:${k}`])];
    });
    expect(missing).toEqual([]);
  });

  it('every template key has a group in both languages', () => {
    for (const tpl of dynamic) {
      const prefix = tpl.slice(0, tpl.indexOf('${'));
      expect([...enKeys].some((k) => k.startsWith(prefix)), `en ${tpl}`).toBe(true);
      expect([...zhKeys].some((k) => k.startsWith(prefix)), `zh ${tpl}`).toBe(true);
    }
  });

  it('English and Chinese have the same keys', () => {
    expect([...enKeys].filter((k) => mine(k) && !zhKeys.has(k))).toEqual([]);
    expect([...zhKeys].filter((k) => mine(k) && !enKeys.has(k))).toEqual([]);
  });

  it('screens using the management or editor texts load them with their route', () => {
    // a screen directory whose files use management.* / editor.* keys must have a route screen importing the texts module
    const needs: Record<string, string> = { management: 'managementTexts', editor: 'editorTexts' };
    for (const [group, module] of Object.entries(needs)) {
      const dirs = new Set(
        files(path.join(SRC, 'screens'))
          .filter((f) => new RegExp(`\\bt\\(\\s*['\`]${group}\\.`).test(fs.readFileSync(f, 'utf8')))
          .map((f) => path.relative(path.join(SRC, 'screens'), f).split(path.sep)[0]),
      );
      expect(dirs.size).toBeGreaterThan(0);
      for (const dir of dirs) {
        const screens = fs.readdirSync(path.join(SRC, 'screens', dir)).filter((n) => /Screen\.tsx$/.test(n));
        expect(screens.length, dir).toBeGreaterThan(0);
        for (const n of screens) expect(fs.readFileSync(path.join(SRC, 'screens', dir, n), 'utf8'), `${dir}/${n}`).toContain(`i18n/${module}'`);
      }
    }
  });

  it('the management texts do not replace any reader group', () => {
    for (const k of theirs) expect(['common', 'nav', 'itemShow', 'itemList', 'itemAdd', 'doc', 'login', 'register', 'messages', 'errors']).not.toContain(k);
  });

  it('carries the Chinese messages of the spec', () => {
    expect(zhCN.messages.unreadNotice).toBe('你有新的未读消息，点击查看');
    expect(zhCN.messages.jsonParseFailed).toBe('Json解析失败');
    expect(zhCN.messages.savePageFirst).toBe('请先保存页面');
    expect(zhCN.messages.imageUploadFailed).toBe('图片上传失败');
  });
});
