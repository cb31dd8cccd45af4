// Domain events: domain operations publish, realtime/ and workers/ subscribe.
// In one process this is an in-memory bus; the realtime issue bridges it over Redis.
import { EventEmitter } from 'node:events';

/**
 * What a person did to an item's catalogs (catalog.changed carries it when a person did something
 * the item's change log records: server/listeners/changeLog.ts).
 */
export interface CatalogEdit {
  uid: number;
  action: 'create' | 'update' | 'delete' | 'drag';
  /** 'tree': a drag in the catalog editor (id and name: the one page or catalog that moved, if one did) */
  object: 'catalog' | 'tree';
  id: number;
  name: string;
  /** for 'tree': 'page' or 'catalog', the kind of the one thing that moved ('' otherwise) */
  moved?: 'page' | 'catalog' | '';
}

export interface DomainEvents {
  /** tokens of a user were revoked (logout, password change): drop cached sessions and sockets */
  'user.tokensRevoked': { uid: number };
  /** a user's name, group or password changed */
  'user.updated': { uid: number };
  /** site settings were saved */
  'settings.changed': Record<string, never>;
  /** access to an item changed for these users (member removed, team unbound, item deleted...) */
  'item.accessChanged': { itemId: number; uids?: number[] };
  'item.changed': { itemId: number };
  /** an item changed owner (item/attorn, adminItem/attorn, or with a team transfer: then teamId is set) */
  'item.attorned': { itemId: number; fromUid: number; toUid: number; teamId?: number };
  'page.saved': {
    itemId: number;
    pageId: number;
    /** who saved (0 for the open API) */
    uid: number;
    /** author of the version this save replaced (0 when created) */
    previousAuthorUid: number;
    title: string;
    created: boolean;
    source: 'http' | 'open' | 'recover' | 'import' | 'collab';
    content: string;
    /** content before this save ('' when created): lets the live document merge the change as a patch */
    previousContent: string;
    version: number;
    /** who watched the page as it was saved (undefined: the writer did not read it; ask) */
    watcherUids?: number[];
  };
  /** by: who deleted the page, when a person deleted it alone (not with its catalog); title: its title */
  'page.deleted': { itemId: number; pageId: number; by?: number; title?: string };
  /** edit: what a person did, for the item's change log */
  'catalog.changed': { itemId: number; edit?: CatalogEdit };
  /** a page's edit lock changed mode or holder (live editors re-check their rights) */
  'page.lockChanged': { pageId: number; itemId: number };
  'notice.created': { toUid: number; noticeId: number; title: string };
  /** issue #23: a comment was added under a page (mentionedUids: the item's people it @mentions, when the commenter may mention) */
  'page.commented': { itemId: number; pageId: number; commentId: number; uid: number; pageAuthorUid: number; parentAuthorUid: number; mentionedUids: number[] };
  /** a user read or put away one of their notices or announcements (their unread count changed) */
  'notice.read': { uid: number };
  /** an administrator posted a site announcement (a notice to everyone) */
  'announcement.created': { noticeId: number };
  /**
   * cached reads (server/cache/readCache, menus, search answers) of these items and pages are out of
   * date: other processes drop theirs. itemIds: anything about the item, access included;
   * editedItemIds: its row and its pages' menu and search (a page saved or deleted), not access.
   */
  'reads.stale': { itemIds?: number[]; pageIds?: number[]; editedItemIds?: number[] };
  /**
   * a background job's state (server/jobs/publish.ts): name is its kind, status its state; stage
   * and error are English message templates with the values of their placeholders
   */
  'job.progress': {
    uid: number;
    jobId: string;
    name: string;
    status: string;
    progress: number;
    stage?: string;
    stageVars?: Record<string, string | number>;
    itemId?: number;
    result?: unknown;
    error?: string;
    errorVars?: Record<string, string | number>;
  };
  /** the user cancelled a running job: the process running it aborts it */
  'job.cancelRequested': { jobId: string };
  /**
   * a co-editing document's stored log got an update written outside the /collab server (an
   * xlsx import in a worker): processes holding it live load it from storage
   */
  'collab.stored': { docName: string };
  /**
   * this process's link to the other processes (the Redis event bridge) went down or came back
   * (local only). While it is down no invalidation can arrive: caches bypass themselves.
   */
  'bridge.state': { up: boolean };
}

/** payloads that arrived from another process (eventBridge) carry this mark so they are not sent back */
const REMOTE = Symbol('remote');
export const isRemote = (payload: object) => (payload as Record<symbol, boolean>)[REMOTE] === true;
export const markRemote = <T extends object>(payload: T): T => Object.assign({}, payload, { [REMOTE]: true });

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void;

export class EventBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(100);
  }
  on<K extends keyof DomainEvents>(name: K, fn: Handler<K>): () => void {
    this.emitter.on(name, fn as (p: unknown) => void);
    return () => this.emitter.off(name, fn as (p: unknown) => void);
  }
  /** Listeners run synchronously; a throwing listener must not break the publisher. */
  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    for (const fn of this.emitter.listeners(name)) {
      try {
        (fn as Handler<K>)(payload);
      } catch (err) {
        this.emitter.emit('listenerError', err, name);
      }
    }
  }
  onListenerError(fn: (err: unknown, name: string) => void): void {
    this.emitter.on('listenerError', fn);
  }
}
