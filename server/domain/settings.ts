// Site settings (ShowDoc's `options`): typed view over the settings table, cached in memory
// and reloaded when any node saves (settings.changed).
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import * as settingRepo from '../db/repos/settings';
import type { EventBus } from '../events';
import { defaultSettings, type SiteSettings } from '../lib/siteSettings';

export {
  defaultLdapForm,
  defaultOauth2Form,
  defaultOssSetting,
  defaultSettings,
  REGISTER_MODES,
  type LdapForm,
  type Oauth2Form,
  type OssSetting,
  type RegisterMode,
  type SiteSettings,
} from '../lib/siteSettings';

const jsonKeys = new Set(['ldap_form', 'oss_setting', 'oauth2_form']);

function decode(name: string, value: string, def: SiteSettings): unknown {
  const d = (def as unknown as Record<string, unknown>)[name];
  if (jsonKeys.has(name)) {
    try {
      return { ...(d as object), ...(JSON.parse(value) as object) };
    } catch {
      return d;
    }
  }
  if (typeof d === 'boolean') return value === '1' || value === 'true';
  if (typeof d === 'number') return Number.isFinite(Number(value)) ? Number(value) : d;
  return value;
}

function encode(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export class SettingsStore {
  private cache: SiteSettings | null = null;
  private secret: string | null = null;

  constructor(
    private readonly db: Db,
    events: EventBus,
    /** defaults that come from the environment (TOKEN_TTL_DAYS) */
    private readonly defaults: Partial<SiteSettings> = {},
  ) {
    events.on('settings.changed', () => {
      this.cache = null;
    });
    // a change saved on another process cannot be heard of while Redis is away: read them each time
    events.on('bridge.state', ({ up }) => {
      this.bypass = !up;
      this.cache = null;
    });
  }

  private bypass = false;

  async get(): Promise<SiteSettings> {
    if (this.cache && !this.bypass) return this.cache;
    const def = { ...defaultSettings(), ...this.defaults };
    const rows = await settingRepo.all(this.db);
    const out = def as unknown as Record<string, unknown>;
    for (const r of rows) if (r.name in def) out[r.name] = decode(r.name, r.value, def);
    this.cache = out as unknown as SiteSettings;
    return this.cache;
  }

  /** whether a key was ever saved (ShowDoc's loadConfig answers [] on a fresh install) */
  async savedKeys(): Promise<string[]> {
    return settingRepo.names(this.db);
  }

  async save(values: Partial<SiteSettings>): Promise<void> {
    const entries = Object.entries(values).filter(([k]) => k in defaultSettings());
    if (!entries.length) return;
    await this.db.transaction(async (tx) => {
      for (const [name, value] of entries) {
        await settingRepo.upsert(tx, name, encode(value));
      }
    });
    this.cache = null;
  }

  /** Server secret for signing grants (item passwords); generated once, kept in the database. */
  async serverSecret(): Promise<string> {
    if (this.secret) return this.secret;
    // the first process to start keeps its secret; every other one reads it
    this.secret = await settingRepo.insertOnce(this.db, 'server_secret', randomBytes(32).toString('hex'));
    return this.secret;
  }
}
