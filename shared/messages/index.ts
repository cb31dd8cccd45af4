// Chinese texts for server messages. Server code writes English message templates
// (placeholders like {name}); the API answers in Chinese when the caller asks for it
// (Accept-Language zh*, or lang=zh-cn). Each area keeps its own file to avoid edit clashes.
import { common } from './common';
import { items } from './items';
import { catalogs } from './catalogs';
import { pages } from './pages';
import { openapi } from './openapi';
import { mock } from './mock';
import { people } from './people';
import { notices } from './notices';
import { attachments } from './attachments';
import { admin } from './admin';
import { ldap } from './ldap';
import { jobs } from './jobs';
import { realtime } from './realtime';
import { accounts } from './accounts';
import { imports } from './imports';
import { exports } from './exports';
import { sheets } from './sheets';
import { itemLists } from './itemLists';
import { announcements } from './announcements';
import { tools } from './tools';
import { showdocImport } from './showdocImport';
import { showdocAdmin } from './showdocAdmin';
import { mcp } from './mcp';
import { aroundPage } from './aroundPage';
import { webhook } from './webhook';
import { externalSignIn } from './externalSignIn';
import { sso } from './sso';

const tables: Record<string, string>[] = [common, items, catalogs, pages, openapi, mock, people, notices, attachments, admin, ldap, jobs, realtime, accounts, imports, exports, sheets, itemLists, announcements, tools, showdocImport, showdocAdmin, mcp, aroundPage, webhook, externalSignIn, sso];

export const zhMessages: Record<string, string> = Object.assign({}, ...tables);

/** the values of a template's placeholders ({n} in 'Page {n} of {total}') */
export type MessageVars = Record<string, string | number>;

export function interpolate(template: string, vars?: Record<string, string | number>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

export function localize(template: string, lang: 'en' | 'zh', vars?: Record<string, string | number>): string {
  const t = lang === 'zh' ? (zhMessages[template] ?? template) : template;
  return interpolate(t, vars);
}
