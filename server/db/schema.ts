// The whole product's tables. Field names follow the spec's entities (spec §3) and
// ShowDoc's columns so presenters stay thin. Times are unix seconds (bigint, number mode).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const unixTime = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** tsvector column written from app-computed tokens (CJK n-grams + words), see domain/search. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    uid: serial('uid').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    /** > 0 means verified (unix time of verification). */
    emailVerify: integer('email_verify').notNull().default(0),
    /** 1 administrator, 2 ordinary user. */
    groupid: smallint('groupid').notNull().default(2),
    /** argon2id hash, or a legacy ShowDoc md5 (with salt) or bcrypt $2y$ hash (upgraded on next login). */
    password: text('password').notNull(),
    /** Legacy ShowDoc salt; empty once the hash is argon2id. */
    salt: text('salt').notNull().default(''),
    /** 'local' or 'ldap' (LDAP users get an unusable local password). */
    source: text('source').notNull().default('local'),
    regTime: unixTime('reg_time'),
    lastLoginTime: unixTime('last_login_time'),
    /** 'active'; 'pending' awaits an administrator's approval; 'unconfirmed' awaits the email confirmation. */
    status: text('status').notNull().default('active'),
    /**
     * The username's confusable skeleton (Unicode TR39, domain/usernames.ts): one account per look.
     * Null for rows stored before it existed (filled on the next account creation; when two old
     * accounts already look alike, the older one holds the skeleton and the other keeps null).
     */
    usernameSkeleton: text('username_skeleton'),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_skeleton_uq').on(t.usernameSkeleton),
    index('users_skeleton_missing_idx').on(t.uid).where(sql`${t.usernameSkeleton} is null`),
    index('users_status_idx').on(t.status).where(sql`${t.status} <> 'active'`),
  ],
);

export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    /** sha256 hex of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** sliding: last use + the lifetime at that use (the admin setting may shorten it since) */
    expiresAt: unixTime('expires_at'),
    addtime: unixTime('addtime'),
    /** last use that moved expires_at (written at most once an hour, auth/session.ts) */
    lastUsedAt: unixTime('last_used_at'),
    ip: text('ip').notNull().default(''),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.tokenHash), index('user_tokens_uid_idx').on(t.uid)],
);

/**
 * Tokens for AI editors on the MCP endpoint (/mcp): created and revoked by their user in personal
 * settings, shown once; only their sha256 is stored. They act for the user on /mcp only and never
 * stand in for a login token (nor the other way round).
 */
export const mcpTokens = pgTable(
  'mcp_tokens',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    name: text('name').notNull().default(''),
    /** sha256 hex of the token */
    tokenHash: text('token_hash').notNull(),
    /** the token's last 4 characters, so its owner can tell tokens apart */
    tail: text('tail').notNull().default(''),
    addtime: unixTime('addtime'),
    /** written at most once a minute (domain/mcp/tokens.ts) */
    lastUsedAt: unixTime('last_used_at'),
  },
  (t) => [uniqueIndex('mcp_tokens_hash_uq').on(t.tokenHash), index('mcp_tokens_uid_idx').on(t.uid)],
);

/**
 * Accounts at an OAuth2 / OpenID Connect provider linked to a local user (domain/sso): the
 * provider's issuer and its subject for the person, so a second sign-in finds the same account.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    /** the ID token's iss (OpenID Connect), or 'oauth2:<origin>' for a plain OAuth2 provider */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    addtime: unixTime('addtime'),
    lastLoginTime: unixTime('last_login_time'),
  },
  (t) => [uniqueIndex('sso_identities_subject_uq').on(t.issuer, t.subject), index('sso_identities_uid_idx').on(t.uid)],
);

/**
 * Single-use, 60-second tickets that stand in for a login token in a download URL
 * (auth/downloadTickets.ts). They die with the session that asked for them.
 */
export const downloadTickets = pgTable(
  'download_tickets',
  {
    /** sha256 hex of the ticket */
    ticketHash: text('ticket_hash').primaryKey(),
    uid: integer('uid').notNull(),
    /** the session (user_tokens.token_hash) the ticket was made from */
    tokenHash: text('token_hash').notNull(),
    expiresAt: unixTime('expires_at'),
  },
  (t) => [index('download_tickets_expires_idx').on(t.expiresAt)],
);

export const captchas = pgTable(
  'captchas',
  {
    captchaId: text('captcha_id').primaryKey(),
    /** lower-cased answer */
    answer: text('answer').notNull(),
    expiresAt: unixTime('expires_at'),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** Failure counters and rate-limit windows that must survive restarts and be shared by nodes. */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: unixTime('reset_at'),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull().default('reset'),
    expiresAt: unixTime('expires_at'),
    usedAt: unixTime('used_at'),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('password_resets_hash_uq').on(t.tokenHash), index('password_resets_uid_idx').on(t.uid)],
);

export const items = pgTable(
  'items',
  {
    itemId: serial('item_id').primaryKey(),
    itemName: text('item_name').notNull(),
    itemDescription: text('item_description').notNull().default(''),
    /** owner */
    uid: integer('uid').notNull(),
    username: text('username').notNull(),
    /** argon2id hash of the visit password; '' = public item. */
    password: text('password').notNull().default(''),
    itemDomain: text('item_domain').notNull().default(''),
    /** 0/1 regular, 2 single page, 3 read-only display, 4 table */
    itemType: smallint('item_type').notNull().default(1),
    isArchived: smallint('is_archived').notNull().default(0),
    isDel: smallint('is_del').notNull().default(0),
    /** ShowDoc's switches for page comments and page feedback (1 on): kept by item/add and item/update */
    allowComment: smallint('allow_comment').notNull().default(0),
    allowFeedback: smallint('allow_feedback').notNull().default(0),
    addtime: unixTime('addtime'),
    lastUpdateTime: unixTime('last_update_time'),
    delTime: unixTime('del_time'),
  },
  (t) => [
    index('items_uid_idx').on(t.uid),
    index('items_domain_idx').on(t.itemDomain),
    index('items_name_lower_idx').on(sql`lower(${t.itemName})`),
  ],
);

export const catalogs = pgTable(
  'catalogs',
  {
    catId: serial('cat_id').primaryKey(),
    catName: text('cat_name').notNull(),
    itemId: integer('item_id').notNull(),
    parentCatId: integer('parent_cat_id').notNull().default(0),
    /** 2 = top level under the item root, 3, 4 (max three levels). */
    level: smallint('level').notNull().default(2),
    sNumber: integer('s_number').notNull().default(99),
    addtime: unixTime('addtime'),
  },
  (t) => [index('catalogs_item_idx').on(t.itemId, t.sNumber, t.catId), index('catalogs_parent_idx').on(t.parentCatId)],
);

export const pages = pgTable(
  'pages',
  {
    pageId: serial('page_id').primaryKey(),
    itemId: integer('item_id').notNull(),
    catId: integer('cat_id').notNull().default(0),
    pageTitle: text('page_title').notNull().default(''),
    pageContent: text('page_content').notNull().default(''),
    sNumber: integer('s_number').notNull().default(99),
    authorUid: integer('author_uid').notNull().default(0),
    authorUsername: text('author_username').notNull().default(''),
    /** last modification time (and deletion time when is_del = 1), as in ShowDoc */
    addtime: unixTime('addtime'),
    /** creation time */
    pageAddtime: unixTime('page_addtime'),
    pageComments: text('page_comments').notNull().default(''),
    extInfo: text('ext_info').notNull().default(''),
    isDel: smallint('is_del').notNull().default(0),
    /** bumped on every write; lets caches and the collab merge detect changes */
    version: integer('version').notNull().default(1),
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    index('pages_item_idx').on(t.itemId, t.isDel, t.sNumber, t.pageId),
    index('pages_cat_idx').on(t.catId),
    index('pages_search_idx').using('gin', t.searchVector),
    /** the few pages still without a search vector (search/backfill.ts finds them without a scan) */
    index('pages_unindexed_idx').on(t.itemId).where(sql`${t.searchVector} is null`),
  ],
);

export const pageHistory = pgTable(
  'page_history',
  {
    pageHistoryId: serial('page_history_id').primaryKey(),
    pageId: integer('page_id').notNull(),
    itemId: integer('item_id').notNull(),
    catId: integer('cat_id').notNull().default(0),
    pageTitle: text('page_title').notNull().default(''),
    pageContent: text('page_content').notNull().default(''),
    sNumber: integer('s_number').notNull().default(99),
    authorUid: integer('author_uid').notNull().default(0),
    authorUsername: text('author_username').notNull().default(''),
    pageComments: text('page_comments').notNull().default(''),
    addtime: unixTime('addtime'),
  },
  (t) => [index('page_history_page_idx').on(t.pageId, t.pageHistoryId)],
);

export const recycle = pgTable(
  'recycle',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').notNull(),
    pageId: integer('page_id').notNull(),
    pageTitle: text('page_title').notNull().default(''),
    delByUid: integer('del_by_uid').notNull().default(0),
    delByUsername: text('del_by_username').notNull().default(''),
    delTime: unixTime('del_time'),
  },
  (t) => [index('recycle_item_idx').on(t.itemId), index('recycle_page_idx').on(t.pageId), index('recycle_time_idx').on(t.delTime)],
);

export const itemMembers = pgTable(
  'item_members',
  {
    itemMemberId: serial('item_member_id').primaryKey(),
    itemId: integer('item_id').notNull(),
    uid: integer('uid').notNull(),
    username: text('username').notNull(),
    /** 0 read-only, 1 edit, 2 manage */
    memberGroupId: smallint('member_group_id').notNull().default(1),
    /** 0 = all catalogs, else one top-level catalog */
    catId: integer('cat_id').notNull().default(0),
    /** comma list of top-level catalogs (ShowDoc 2025+); '' = use cat_id */
    catIds: text('cat_ids').notNull().default(''),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('item_members_item_uid_uq').on(t.itemId, t.uid), index('item_members_uid_idx').on(t.uid)],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    teamName: text('team_name').notNull(),
    uid: integer('uid').notNull(),
    username: text('username').notNull(),
    addtime: unixTime('addtime'),
    lastUpdateTime: unixTime('last_update_time'),
  },
  (t) => [index('teams_uid_idx').on(t.uid)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull(),
    memberUid: integer('member_uid').notNull(),
    memberUsername: text('member_username').notNull(),
    /** 1 member, 2 team manager */
    teamMemberGroupId: smallint('team_member_group_id').notNull().default(1),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('team_members_team_uid_uq').on(t.teamId, t.memberUid), index('team_members_uid_idx').on(t.memberUid)],
);

export const teamItems = pgTable(
  'team_items',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull(),
    itemId: integer('item_id').notNull(),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('team_items_team_item_uq').on(t.teamId, t.itemId), index('team_items_item_idx').on(t.itemId)],
);

export const teamItemMembers = pgTable(
  'team_item_members',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull(),
    itemId: integer('item_id').notNull(),
    memberUid: integer('member_uid').notNull(),
    memberUsername: text('member_username').notNull(),
    memberGroupId: smallint('member_group_id').notNull().default(1),
    catId: integer('cat_id').notNull().default(0),
    catIds: text('cat_ids').notNull().default(''),
    addtime: unixTime('addtime'),
  },
  (t) => [
    uniqueIndex('team_item_members_uq').on(t.teamId, t.itemId, t.memberUid),
    index('team_item_members_item_uid_idx').on(t.itemId, t.memberUid),
    index('team_item_members_uid_idx').on(t.memberUid),
  ],
);

export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    username: text('username').notNull().default(''),
    templateTitle: text('template_title').notNull(),
    templateContent: text('template_content').notNull().default(''),
    addtime: unixTime('addtime'),
  },
  (t) => [index('templates_uid_idx').on(t.uid)],
);

export const mocks = pgTable(
  'mocks',
  {
    id: serial('id').primaryKey(),
    uniqueKey: text('unique_key').notNull(),
    uid: integer('uid').notNull(),
    pageId: integer('page_id').notNull(),
    itemId: integer('item_id').notNull(),
    template: text('template').notNull().default(''),
    path: text('path').notNull().default('/'),
    viewTimes: integer('view_times').notNull().default(0),
    addtime: unixTime('addtime'),
    lastUpdateTime: unixTime('last_update_time'),
  },
  (t) => [
    uniqueIndex('mocks_key_uq').on(t.uniqueKey),
    uniqueIndex('mocks_page_uq').on(t.pageId),
    index('mocks_item_path_idx').on(t.itemId, t.path),
  ],
);

export const notices = pgTable(
  'notices',
  {
    noticeId: serial('notice_id').primaryKey(),
    toUid: integer('to_uid').notNull(),
    fromUid: integer('from_uid').notNull().default(0),
    fromName: text('from_name').notNull().default(''),
    /** event kind: member_added, team_added, item_attorned, page_edited, job_finished, ... */
    noticeType: text('notice_type').notNull().default(''),
    noticeTitle: text('notice_title').notNull(),
    /** HTML, sanitised when rendered */
    noticeContent: text('notice_content').notNull().default(''),
    objectType: text('object_type').notNull().default(''),
    objectId: integer('object_id').notNull().default(0),
    isRead: smallint('is_read').notNull().default(0),
    noticeTime: unixTime('notice_time'),
    readTime: unixTime('read_time'),
  },
  (t) => [index('notices_to_idx').on(t.toUid, t.isRead, t.noticeId)],
);

export const attachments = pgTable(
  'attachments',
  {
    fileId: serial('file_id').primaryKey(),
    /** random public handle used in visitFile URLs */
    sign: text('sign').notNull(),
    displayName: text('display_name').notNull(),
    fileType: text('file_type').notNull().default(''),
    /** bytes */
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    uid: integer('uid').notNull(),
    itemId: integer('item_id').notNull().default(0),
    pageId: integer('page_id').notNull().default(0),
    /** 'local' or 's3' */
    storageDriver: text('storage_driver').notNull().default('local'),
    /** random storage name/key, never derived from the user's file name */
    storageKey: text('storage_key').notNull(),
    /** public URL for object storage; '' for local files */
    realUrl: text('real_url').notNull().default(''),
    visitTimes: integer('visit_times').notNull().default(0),
    addtime: unixTime('addtime'),
    lastVisitTime: unixTime('last_visit_time'),
    /** since when the file is bound to no page (0 = bound); the clean-up removes it 24 h later */
    orphanSince: unixTime('orphan_since'),
  },
  (t) => [
    uniqueIndex('attachments_sign_uq').on(t.sign),
    index('attachments_uid_idx').on(t.uid),
    index('attachments_item_idx').on(t.itemId),
    index('attachments_orphan_idx').on(t.orphanSince).where(sql`${t.orphanSince} > 0`),
  ],
);

export const attachmentPages = pgTable(
  'attachment_pages',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id').notNull(),
    pageId: integer('page_id').notNull(),
    itemId: integer('item_id').notNull(),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('attachment_pages_uq').on(t.fileId, t.pageId), index('attachment_pages_page_idx').on(t.pageId)],
);

/** Monthly download flow per uploader (used_flow_m). */
export const fileFlow = pgTable(
  'file_flow',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
    dateMonth: text('date_month').notNull(),
  },
  (t) => [uniqueIndex('file_flow_uid_month_uq').on(t.uid, t.dateMonth)],
);

export const singlePages = pgTable(
  'single_pages',
  {
    id: serial('id').primaryKey(),
    uniqueKey: text('unique_key').notNull(),
    pageId: integer('page_id').notNull(),
    uid: integer('uid').notNull().default(0),
    /** 0 = never */
    expireTime: unixTime('expire_time'),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('single_pages_key_uq').on(t.uniqueKey), uniqueIndex('single_pages_page_uq').on(t.pageId)],
);

export const pageLocks = pgTable(
  'page_locks',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id').notNull(),
    lockUid: integer('lock_uid').notNull(),
    lockUsername: text('lock_username').notNull(),
    /** unix time the lock expires unless refreshed */
    lockTo: unixTime('lock_to'),
    /** 'http' (ShowDoc clients), 'session' (live editor; others may join), 'exclusive' ('lock editing') */
    mode: text('mode').notNull().default('http'),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('page_locks_page_uq').on(t.pageId)],
);

export const itemSort = pgTable(
  'item_sort',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    itemGroupId: integer('item_group_id').notNull().default(0),
    /** { item_id: position } */
    itemSortData: jsonb('item_sort_data').$type<Record<string, number>>().notNull().default({}),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('item_sort_uid_group_uq').on(t.uid, t.itemGroupId)],
);

export const itemTokens = pgTable(
  'item_tokens',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').notNull(),
    apiKey: text('api_key').notNull(),
    apiToken: text('api_token').notNull(),
    addtime: unixTime('addtime'),
    lastCheckTime: unixTime('last_check_time'),
  },
  (t) => [uniqueIndex('item_tokens_item_uq').on(t.itemId), uniqueIndex('item_tokens_key_uq').on(t.apiKey)],
);

/** Site settings (ShowDoc's `options`): one row per option; JSON values stored as text. */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull().default(''),
});

/**
 * Background jobs (server/jobs): one row per job the user sees in Downloads, and the queue itself
 * for the in-process engine (embedded database). With Redis, BullMQ carries the job to a worker
 * and this row stays the record of its state. A crashed run is detected by its lease (the runner
 * renews lease_until while it works).
 */
export const jobs = pgTable(
  'jobs',
  {
    /** 32 hex characters: the time it was made, then random (server/jobs/ids.ts) */
    id: text('id').primaryKey(),
    /** what runs: 'export.word', 'import.auto'… (server/jobs/types.ts JobKind) */
    kind: text('kind').notNull(),
    /** the user who asked: the job and its result are theirs only */
    uid: integer('uid').notNull(),
    itemId: integer('item_id').notNull().default(0),
    /** queued | running | done | failed | cancelled */
    state: text('state').notNull().default('queued'),
    /** 0–100 */
    progress: smallint('progress').notNull().default(0),
    /**
     * a short stage: an English message template ("Page {n} of {total}", its Chinese text in
     * shared/messages) shown in the reader's language with the values of stage_vars
     */
    stage: text('stage').notNull().default(''),
    stageVars: jsonb('stage_vars').$type<Record<string, string | number>>().notNull().default({}),
    data: jsonb('data').$type<unknown>().notNull().default({}),
    /** runs started (1 on the first run; a retry or a crash makes more) */
    attempt: integer('attempt').notNull().default(0),
    /** runs of this generation that never finished (a killed worker); too many fail the job */
    stalls: smallint('stalls').notNull().default(0),
    /** bumped by a user's retry: the BullMQ job of an earlier generation no longer runs it */
    generation: integer('generation').notNull().default(0),
    /** 1 once the user cancelled a running job: its runner aborts at its next heartbeat */
    cancelRequested: smallint('cancel_requested').notNull().default(0),
    /** which process runs it, and until when its claim holds unless renewed */
    runner: text('runner').notNull().default(''),
    leaseUntil: unixTime('lease_until'),
    /** why it failed: an English message template (an ApiError's) and the values of its placeholders */
    error: text('error').notNull().default(''),
    errorVars: jsonb('error_vars').$type<Record<string, string | number>>().notNull().default({}),
    /** the result file: where it is stored and what the user downloads */
    resultFile: jsonb('result_file').$type<{ driver: string; key: string; name: string; type: string; size: number } | null>(),
    /** what the job tells beside its file (an import's report) */
    summary: jsonb('summary').$type<unknown>(),
    addtime: unixTime('addtime'),
    startedAt: unixTime('started_at'),
    finishedAt: unixTime('finished_at'),
    /** when the result file is removed (7 days after the job finished); 0 = nothing to remove */
    expiresAt: unixTime('expires_at'),
  },
  (t) => [
    index('jobs_uid_idx').on(t.uid, t.addtime),
    index('jobs_open_idx').on(t.addtime).where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} > 0`),
  ],
);

/** Append-only log of Yjs updates per document; compacted into doc_snapshots. */
export const docUpdates = pgTable(
  'doc_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    docName: text('doc_name').notNull(),
    update: bytea('update').notNull(),
    uid: integer('uid').notNull().default(0),
    addtime: unixTime('addtime'),
  },
  (t) => [index('doc_updates_doc_idx').on(t.docName, t.id)],
);

export const docSnapshots = pgTable('doc_snapshots', {
  docName: text('doc_name').primaryKey(),
  state: bytea('state').notNull(),
  /** highest doc_updates.id folded into state */
  upToId: bigint('up_to_id', { mode: 'number' }).notNull().default(0),
  /** pages.version the live doc was seeded from or last merged with */
  baseVersion: integer('base_version').notNull().default(0),
  updatedAt: unixTime('updated_at'),
});

/**
 * File imports (import/auto, import/start): the uploaded file until the import is done (a retry
 * reads it again), the progress the client follows, the report, and what the current attempt
 * created, so that a failed attempt, or the rerun of one a killed worker left behind, removes it
 * all before anything else happens (no half-made items, no duplicate pages).
 */
export const imports = pgTable(
  'imports',
  {
    /** random 32 hex: what the client follows */
    id: text('id').primaryKey(),
    uid: integer('uid').notNull(),
    /** the queue's job, when it went through the queue */
    jobId: text('job_id').notNull().default(''),
    /** into an existing item (0: a new item) and catalog (0: its root) */
    targetItemId: integer('target_item_id').notNull().default(0),
    targetCatId: integer('target_cat_id').notNull().default(0),
    fileName: text('file_name').notNull(),
    /** the uploaded bytes; emptied once the import is done */
    source: bytea('source'),
    /** 'en' | 'zh': the language of generated pages and of the report */
    lang: text('lang').notNull().default('en'),
    /** base URL for the links of attachments created by the import */
    siteBase: text('site_base').notNull().default(''),
    /** queued | running | done | failed */
    state: text('state').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').notNull().default(''),
    /** bumped by each run; writes of an older run are refused */
    attempt: integer('attempt').notNull().default(0),
    createdItemId: integer('created_item_id').notNull().default(0),
    createdCatalogs: integer('created_catalogs').array().notNull().default(sql`'{}'::integer[]`),
    createdPages: integer('created_pages').array().notNull().default(sql`'{}'::integer[]`),
    createdFiles: integer('created_files').array().notNull().default(sql`'{}'::integer[]`),
    /** the item the import went into (done) */
    itemId: integer('item_id').notNull().default(0),
    report: jsonb('report').$type<Record<string, unknown> | null>(),
    error: text('error').notNull().default(''),
    addtime: unixTime('addtime'),
    updatedAt: unixTime('updated_at'),
    finishedAt: unixTime('finished_at'),
  },
  (t) => [index('imports_uid_idx').on(t.uid, t.addtime), index('imports_state_idx').on(t.state, t.updatedAt)],
);

// ——— Item list groups, stars and the item change log (issue #20 §2) ———

/** A user's own group of items: a tab above their item list (itemGroup/*). */
export const itemGroups = pgTable(
  'item_groups',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    groupName: text('group_name').notNull(),
    /** the items shown under the tab, in the order they were added (ShowDoc keeps a comma list) */
    itemIds: integer('item_ids').array().notNull().default(sql`'{}'::integer[]`),
    sNumber: integer('s_number').notNull().default(0),
    createdAt: unixTime('created_at'),
    updatedAt: unixTime('updated_at'),
  },
  (t) => [index('item_groups_uid_idx').on(t.uid, t.sNumber, t.id)],
);

/** Items a user starred (item/star): the "Starred" tab, item_group_id = -1. */
export const itemStars = pgTable(
  'item_stars',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: unixTime('created_at'),
  },
  (t) => [uniqueIndex('item_stars_uid_item_uq').on(t.uid, t.itemId)],
);

/**
 * Who created, edited, moved or deleted which page or catalog of an item, and when (item/getChangeLog).
 * Written from domain events (server/listeners/changeLog.ts); the newest 300 rows per item are kept.
 */
export const itemChangeLogs = pgTable(
  'item_change_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id').notNull(),
    /** 0: the open API */
    uid: integer('uid').notNull(),
    /** create | update | delete | drag | recover (ShowDoc's op_action_type) */
    opActionType: text('op_action_type').notNull(),
    /** page | catalog | tree */
    opObjectType: text('op_object_type').notNull(),
    opObjectId: integer('op_object_id').notNull().default(0),
    opObjectName: text('op_object_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    optime: unixTime('optime'),
  },
  (t) => [index('item_change_logs_item_idx').on(t.itemId, t.id)],
);

// --- issue #20 (C): announcements, template shares ---------------------------------------------
// Announcements are notices addressed to everyone (to_uid 0, notice_type 'announcement'): they
// share the notices' ids, so ShowDoc's message/setRead can take either kind of id.

/** Who has read (or put away) which announcement; a missing row means unread. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    uid: integer('uid').notNull(),
    noticeId: integer('notice_id').notNull(),
    readTime: unixTime('read_time'),
    /** 1: the user deleted it from their list */
    hidden: smallint('hidden').notNull().default(0),
  },
  (t) => [uniqueIndex('announcement_reads_uq').on(t.uid, t.noticeId)],
);

/** A template shared with an item: offered to everyone who may edit the item. */
export const templateItems = pgTable(
  'template_items',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id').notNull(),
    itemId: integer('item_id').notNull(),
    /** who shared it (the template's owner) */
    uid: integer('uid').notNull(),
    username: text('username').notNull().default(''),
    createdAt: unixTime('created_at'),
  },
  (t) => [uniqueIndex('template_items_uq').on(t.templateId, t.itemId), index('template_items_item_idx').on(t.itemId)],
);

// --- issue #21: moving a ShowDoc installation in (server/domain/showdoc) ----------------------

/**
 * What the ShowDoc import made of each source row: (source table, source key) → the Quire id.
 * Written in the same transaction as the row itself, so a run that was killed continues where it
 * stopped and a second run creates nothing. Old attachment paths (source_table 'upload_path', key
 * '2021-05-01/abc.png') stay here so that links to them are redirected to the file (file_id).
 */
export const showdocImportMap = pgTable('showdoc_import_map', {
  sourceTable: text('source_table').notNull(),
  sourceKey: text('source_key').notNull(),
  targetId: integer('target_id').notNull(),
  addtime: unixTime('addtime'),
}, (t) => [uniqueIndex('showdoc_import_map_uq').on(t.sourceTable, t.sourceKey), index('showdoc_import_map_target_idx').on(t.sourceTable, t.targetId)]);

// --- issue #23: around the page (server/domain/pageComments, pageFeedback, subscriptions) -------

/** A comment under a page: top-level (parent_id 0) or a reply to one (two levels, as ShowDoc). */
export const pageComments = pgTable(
  'page_comments',
  {
    commentId: serial('comment_id').primaryKey(),
    pageId: integer('page_id').notNull(),
    itemId: integer('item_id').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    uid: integer('uid').notNull(),
    username: text('username').notNull().default(''),
    /** raw text (escaping is the renderer's job) */
    content: text('content').notNull(),
    isDeleted: smallint('is_deleted').notNull().default(0),
    addtime: unixTime('addtime'),
  },
  (t) => [index('page_comments_page_idx').on(t.pageId, t.parentId, t.commentId), index('page_comments_item_idx').on(t.itemId)],
);

/** "Was this page helpful?": one vote per signed-in user (uid) or per guest browser (client_id, uid 0). */
export const pageFeedback = pgTable(
  'page_feedback',
  {
    feedbackId: serial('feedback_id').primaryKey(),
    pageId: integer('page_id').notNull(),
    itemId: integer('item_id').notNull(),
    /** 0 for a guest */
    uid: integer('uid').notNull().default(0),
    /** a guest's browser id; '' for signed-in users */
    clientId: text('client_id').notNull().default(''),
    /** 1 helpful, 2 not helpful */
    feedbackType: smallint('feedback_type').notNull(),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('page_feedback_voter_uq').on(t.pageId, t.uid, t.clientId)],
);

/** Who watches what (ShowDoc's subscription: object_type 'page', action_type 'update'). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid').notNull(),
    objectId: integer('object_id').notNull(),
    objectType: text('object_type').notNull(),
    actionType: text('action_type').notNull(),
    subTime: unixTime('sub_time'),
  },
  (t) => [
    uniqueIndex('subscriptions_uq').on(t.objectType, t.objectId, t.actionType, t.uid),
    index('subscriptions_uid_idx').on(t.uid),
  ],
);

// --- issue #23 (D): a user's notice webhook ----------------------------------------------------

/** Per-user settings (ShowDoc's `user_setting`): key `push_url`, the address notices are POSTed to. */
export const userSettings = pgTable(
  'user_settings',
  {
    uid: integer('uid').notNull(),
    keyName: text('key_name').notNull(),
    keyValue: text('key_value').notNull().default(''),
    addtime: unixTime('addtime'),
  },
  (t) => [uniqueIndex('user_settings_uq').on(t.uid, t.keyName)],
);
