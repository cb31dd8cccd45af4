// How an API action is declared. A controller file (server/api/<name>.ts) exports
// controller('<showdocName>', { action: action({...}) }); handlers stay thin:
// read params → call a policy and a domain function → return data for the envelope.
import type Koa from 'koa';
import type { Params } from './params';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import type { AnswerOf, Endpoint, ParamsOut } from '../../shared/api/contract';
import type { JsonWithFragments } from '../lib/jsonFragment';
import { parseContractParams } from './contractParams';
import { notLoggedIn } from '../errors';

export type AuthMode =
  /** no user needed; a valid token is still resolved */
  | 'optional'
  /** 10102 without a valid token */
  | 'required'
  /** logged in and groupid 1, else 10103 */
  | 'admin';

/** A reply outside the {error_code, data} envelope: files, images, plain text, raw JSON. */
export interface RawReply {
  readonly kind: 'raw';
  status?: number;
  type: string;
  body: string | Buffer | NodeJS.ReadableStream;
  headers?: Record<string, string>;
}

export const rawReply = (r: Omit<RawReply, 'kind'>): RawReply => ({ kind: 'raw', ...r });
export const isRawReply = (v: unknown): v is RawReply =>
  typeof v === 'object' && v !== null && (v as RawReply).kind === 'raw';

export interface ActionRequest {
  params: Params;
  /** the caller, or null when anonymous */
  user: SessionUser | null;
  deps: AppDeps;
  ip: string;
  lang: 'en' | 'zh';
  /** raw Koa context: cookies and special responses only */
  ctx: Koa.Context;
  /** the user, or a 10102 error */
  me(): SessionUser;
  /** the request's token, when it carried one (logout revokes it) */
  token: string | null;
  /** Quire itself calls the action (an MCP tool): it wants the value, not HTTP bytes (ready, encoded, 304) */
  internal?: boolean;
}

export interface ActionDef {
  auth: AuthMode;
  /** accepts file uploads (multipart files); other actions refuse files */
  upload?: boolean;
  /**
   * Uploads far over the site's attachment limit (a ShowDoc site's database and files, #21): the
   * action's own limits. The caller is identified, and the auth mode enforced, from the headers
   * and cookie *before* the body is read (a credential in the body does not count), so nobody
   * else can stream gigabytes to the server's disk.
   */
  largeUpload?: { maxFileMb: number; maxTotalMb: number; maxFiles: number };
  /**
   * Serves a file a page loads or a link opens (<img src>, a download link): such cookie-only
   * requests (Sec-Fetch-Dest other than "empty", i.e. not our client's fetch/XHR) act for the user.
   * For every other action they are anonymous, so a URL in stored content can never make its
   * readers change data (security.md §1.4, ASVS 4.2.2). Export downloads opened as links need it.
   */
  browserGet?: boolean;
  /** the action's declaration in shared/api, when it has one (its path is checked at start) */
  contract?: Endpoint;
  run(req: ActionRequest): Promise<unknown>;
  /**
   * The reply for a failure when the action has its own error shape (editor.md's uploadImg):
   * used for errors thrown before run() too, e.g. an over-limit body refused by the parser.
   */
  failureReply?(failure: { code: number; message: string; status: number }): RawReply;
}

/**
 * An action declared by its contract (shared/api/<controller>.ts): the dispatcher validates the
 * declared parameters before run() and passes them typed; run() returns the declared answer (or a
 * raw reply: files, images, plain text).
 */
export type ContractActionDef<E extends Endpoint> = Omit<ActionDef, 'run' | 'contract'> & {
  run(req: ActionRequest, params: ParamsOut<E>): Promise<AnswerOf<E> | RawReply | JsonWithFragments<AnswerOf<E>>>;
};

export function action(def: ActionDef): ActionDef;
export function action<E extends Endpoint>(contract: E, def: ContractActionDef<E>): ActionDef;
export function action<E extends Endpoint>(a: ActionDef | E, b?: ContractActionDef<E>): ActionDef {
  if (!b) return a as ActionDef;
  const contract = a as E;
  const def = b;
  return {
    ...def,
    contract,
    run: (req) => def.run(req, parseContractParams(contract, req.params)),
  };
}

export interface Controller {
  name: string;
  actions: Record<string, ActionDef>;
}

export function controller(name: string, actions: Record<string, ActionDef>): Controller {
  return { name, actions };
}

/** ShowDoc resolves page_comment, pageComment and PageComment alike; actions are case-insensitive. */
export const normalizeName = (s: string) => s.replace(/[_-]/g, '').toLowerCase();

export function buildRegistry(controllers: Controller[]): Map<string, ActionDef> {
  const map = new Map<string, ActionDef>();
  for (const c of controllers) {
    for (const [a, def] of Object.entries(c.actions)) {
      const key = `${normalizeName(c.name)}/${normalizeName(a)}`;
      if (map.has(key)) throw new Error(`duplicate action ${key}`);
      if (def.contract && def.contract.path.split('/').map(normalizeName).join('/') !== key) {
        throw new Error(`action ${key} is declared with the contract of ${def.contract.path}`);
      }
      map.set(key, def);
    }
  }
  return map;
}

export function makeMe(user: SessionUser | null): () => SessionUser {
  return () => {
    if (!user) throw notLoggedIn();
    return user;
  };
}
