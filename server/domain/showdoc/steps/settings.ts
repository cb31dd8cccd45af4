// ShowDoc's site options that mean something in Quire: registration, the home page, history
// kept per page, sessions, forced login, LDAP and object storage. Taken once (the first run that
// gets here); what an administrator changes in Quire afterwards is not overwritten by a rerun.
import { defaultLdapForm, defaultOssSetting, type SiteSettings } from '../../../lib/siteSettings';
import * as repo from '../../../db/repos/showdocImport';
import type { StepContext } from './context';

const flag = (v: string | undefined) => v === '1' || v === 'true';
const int = (v: string | undefined) => (v && /^\d+$/.test(v.trim()) ? Number(v) : undefined);

function json<T extends object>(v: string | undefined, base: T): T | undefined {
  if (!v) return undefined;
  try {
    const parsed = JSON.parse(v);
    if (!parsed || typeof parsed !== 'object') return undefined;
    const out = { ...base } as Record<string, unknown>;
    for (const k of Object.keys(base)) if (k in parsed && parsed[k] !== null) out[k] = typeof base[k as keyof T] === 'number' ? Number(parsed[k]) || base[k as keyof T] : String(parsed[k]);
    return out as T;
  } catch {
    return undefined;
  }
}

export async function copySettings(ctx: StepContext) {
  const { run, src, deps } = ctx;
  const done = await run.map('options');
  const counts = run.count('options');
  const o = src.options();
  counts.source = o.size;
  if (done.has('*')) {
    counts.already = o.size;
    return;
  }
  const next: Partial<SiteSettings> = {};
  if (o.has('register_open')) next.register_open = flag(o.get('register_open'));
  const home = int(o.get('home_page'));
  if (home === 1 || home === 2) next.home_page = home;
  if (home === 3) {
    const item = run.idOf('item', int(o.get('home_item')) ?? 0);
    if (item !== undefined) Object.assign(next, { home_page: 3, home_item: item });
  }
  const history = int(o.get('history_version_count'));
  if (history !== undefined && history >= 1 && history <= 1000) next.history_version_count = history;
  const days = int(o.get('session_expire_days')) ?? int(o.get('token_ttl_days'));
  if (days !== undefined && days >= 1 && days <= 3650) next.session_expire_days = days;
  if (o.has('force_login')) next.force_login = flag(o.get('force_login'));
  const ldap = json(o.get('ldap_form'), defaultLdapForm());
  if (ldap) Object.assign(next, { ldap_form: ldap, ldap_open: flag(o.get('ldap_open')) && !!ldap.host });
  const oss = json(o.get('oss_setting'), defaultOssSetting());
  if (oss) Object.assign(next, { oss_setting: oss, oss_open: flag(o.get('oss_open')) && !!oss.bucket });
  const taken = Object.keys(next).length;
  counts.imported = taken;
  if (run.dryRun) return;
  await deps.settings.save(next);
  deps.events.emit('settings.changed', {});
  await repo.addMapRows(deps.db, 'options', [['*', 1]], deps.now());
}
