// Admin console, single sign-on: ShowDoc's OAuth2 form (adminSetting/saveOauth2Config), checked
// before it is saved; an OpenID Connect issuer being switched on must answer its discovery.
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type { Oauth2Form, SiteSettings } from '../settings';
import type { Oauth2FormInput } from '../../../shared/api/adminSetting';
import { isForbiddenHost } from '../../net/forbiddenHosts';

const invalid = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);
const HOST_RE = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

function checkUrl(field: string, value: string): void {
  if (!value) return;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw invalid('OAuth2 field {field} must be an http:// or https:// URL', { field });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw invalid('OAuth2 field {field} must be an http:// or https:// URL', { field });
  if (u.username || u.password) throw invalid('OAuth2 field {field} must not carry credentials', { field });
  if (isForbiddenHost(u.hostname)) throw invalid('OAuth2 field {field} names a link-local or cloud metadata address; Quire does not connect there', { field });
}

function checkPath(field: string, value: string): void {
  if (value && !/^\/[^\s]*$/.test(value)) throw invalid('OAuth2 field {field} must be a path starting with /', { field });
}

/** The submitted form over the saved one (an empty client secret keeps the saved one), checked. */
export function mergeOauth2Form(saved: Oauth2Form, input: Oauth2FormInput): Oauth2Form {
  const f: Oauth2Form = { ...saved };
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    if (k === 'client_secret' && v === '') continue;
    (f as unknown as Record<string, unknown>)[k] = v;
  }
  f.issuer = f.issuer.replace(/\/+$/, '');
  checkUrl('issuer', f.issuer);
  if (f.issuer && /[?#]/.test(f.issuer)) throw invalid('OAuth2 field {field} must not carry a query or fragment', { field: 'issuer' });
  checkUrl('redirectUri', f.redirectUri);
  checkUrl('logout_redirect_uri', f.logout_redirect_uri);
  if (f.host) {
    if (!HOST_RE.test(f.host)) throw invalid('OAuth2 host must be a host name (with an optional port), without http://');
    if (isForbiddenHost(f.host.replace(/:\d+$/, ''))) throw invalid('OAuth2 field {field} names a link-local or cloud metadata address; Quire does not connect there', { field: 'host' });
  }
  checkPath('authorize_path', f.authorize_path);
  checkPath('token_path', f.token_path);
  checkPath('resource_path', f.resource_path);
  if (/^https?:\/\//i.test(f.userinfo_path)) checkUrl('userinfo_path', f.userinfo_path);
  else checkPath('userinfo_path', f.userinfo_path);
  return f;
}

function requireComplete(f: Oauth2Form): void {
  const need = (field: string, value: string) => {
    if (!value) throw invalid('OAuth2 field {field} is required when sign-in through OAuth2 is on', { field });
  };
  need('client_id', f.client_id);
  need('client_secret', f.client_secret);
  if (f.issuer) return;
  need('host', f.host);
  need('authorize_path', f.authorize_path);
  need('token_path', f.token_path);
  need('userinfo_path', f.userinfo_path);
}

export async function saveOauth2Settings(deps: AppDeps, patch: { oauth2_open?: boolean; oauth2_form?: Oauth2FormInput }): Promise<SiteSettings> {
  const saved = await deps.settings.get();
  const form = patch.oauth2_form ? mergeOauth2Form(saved.oauth2_form, patch.oauth2_form) : saved.oauth2_form;
  const open = patch.oauth2_open ?? saved.oauth2_open;
  if (open) {
    requireComplete(form);
    const changed = JSON.stringify(form) !== JSON.stringify(saved.oauth2_form);
    if (form.issuer && (changed || !saved.oauth2_open)) {
      try {
        const { providerConfig } = await import('../../auth/oidc');
        await providerConfig(form);
      } catch (e) {
        throw invalid('Cannot read the OpenID Connect discovery of {issuer}: {reason}', { issuer: form.issuer, reason: e instanceof Error ? e.message : String(e) });
      }
    }
  }
  await deps.settings.save({ oauth2_open: open, oauth2_form: form });
  deps.events.emit('settings.changed', {});
  return deps.settings.get();
}
