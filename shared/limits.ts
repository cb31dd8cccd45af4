// Business constants and limits (spec §9) shared by client and server.
export const HTTP_TIMEOUT_MS = 20_000;
export const LOCK_HEARTBEAT_MS = 180_000;
/** a lock lives this long past its last heartbeat */
export const LOCK_TTL_SECONDS = 300;
export const LOCK_RELEASE_VALUE = 1000;
export const DRAFT_AUTOSAVE_MS = 30_000;
export const DRAFT_MIN_LENGTH = 10;
export const LIVE_PREVIEW_MAX_CHARS = 3000;
export const DEFAULT_UPLOAD_MAX_MB = 4;
/** upload quotas (admin settings; 0 = unlimited): each user's files, and all files together */
export const DEFAULT_USER_UPLOAD_QUOTA_MB = 1024;
export const DEFAULT_SITE_UPLOAD_QUOTA_MB = 0;
/** largest quota the settings take (MB): 100 TB */
export const UPLOAD_QUOTA_MAX_MB = 100 * 1024 * 1024;
/** a file bound to no page is removed by the clean-up this long after it became an orphan */
export const ORPHAN_FILE_GRACE_SECONDS = 24 * 3600;
export const RECYCLE_RETENTION_DAYS = 30;
export const MAX_CATALOG_LEVEL = 4; // levels 2, 3, 4 = three levels
export const TOP_CATALOG_LEVEL = 2;
export const DEFAULT_S_NUMBER = 99;
export const HISTORY_RETENTION_DEFAULT = 50;
export const PAGE_CONTENT_MAX_CHARS = 2_000_000;
export const PAGE_TITLE_MAX_CHARS = 200;
export const ITEM_NAME_MAX_CHARS = 100;
export const ITEM_DESCRIPTION_MAX_CHARS = 1000;
/** personal item domains: letters and digits */
export const ITEM_DOMAIN_MAX_CHARS = 50;
export const ITEM_PASSWORD_MAX_CHARS = 100;
/**
 * What item/detail answers managers for a private item's visit password (stored hashed, never sent):
 * ShowDoc's item dialog reads "private" from a non-empty password and sends it back on save, which
 * item/update takes as "keep the current password".
 */
export const ITEM_PASSWORD_PLACEHOLDER = '********';
export const CATALOG_NAME_MAX_CHARS = 100;
export const OPEN_API_MAX_PAGES = 5000;
/** pages one open/fromComments or open/updateDbItem request may write (a source file or a database at a time) */
export const OPEN_API_MAX_BLOCKS = 500;
/** item/search hits per answer; `page` asks for the next ones */
export const SEARCH_PAGE_SIZE = 50;
/** pages of item/search hits one can ask for (10,000 hits) */
export const SEARCH_MAX_PAGE = 200;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'bmp', 'webp'] as const;
export const PAGE_SIZES = {
  pageAttachments: 5,
  admin: 7,
  allAttachments: 7,
  myAttachments: 6,
  adminHomeItems: 1000,
} as const;
export const MEMBER_GROUP = { readOnly: 0, edit: 1, manage: 2 } as const;
/** team_member_group_id: team managers manage the team's members and items */
export const TEAM_MEMBER_GROUP = { member: 1, manager: 2 } as const;
/** user/allUser: characters of a username needed before it suggests anyone, and most people per answer */
export const USER_SEARCH_MIN_CHARS = 2;
export const USER_SEARCH_MAX_RESULTS = 20;
export const ITEM_TYPE = { regular: 1, singlePage: 2, readOnlyDisplay: 3, table: 4 } as const;
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 5;
export const ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA = 5;
/** New login passwords (register, change, reset, admin, CLI); older passwords keep working. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// Item list groups (itemGroup/*) and the item change log (item/getChangeLog)
export const ITEM_GROUP_NAME_MAX_CHARS = 50;
/** groups per user (tabs above the item list) */
export const ITEM_GROUPS_PER_USER_MAX = 100;
/** items named by one group */
export const ITEM_GROUP_ITEMS_MAX = 5000;
/** change log entries per request page (ShowDoc: 15 by default, at most 100) */
export const CHANGE_LOG_PAGE_DEFAULT = 15;
export const CHANGE_LOG_PAGE_MAX = 100;

// Moving a ShowDoc installation from the admin console (#21, adminShowdoc/start): both files are
// streamed to disk while they arrive, then kept in the upload storage until the job has run.
/** ShowDoc's database file (Sqlite/showdoc.db.php): hundreds of MB on large sites */
export const SHOWDOC_DB_MAX_MB = 2048;
/** the zip of Public/Uploads: several GB on large sites */
export const SHOWDOC_UPLOADS_ZIP_MAX_MB = 20 * 1024;
/** files and folders in that zip */
export const SHOWDOC_UPLOADS_MAX_ENTRIES = 500_000;
/** what the zip may unpack to (a zip bomb stops here); uploaded files barely compress */
export const SHOWDOC_UPLOADS_MAX_UNPACKED_MB = 40 * 1024;
/** page comments (ShowDoc: 1–500 characters, top-level comments 20 per request page) */
export const COMMENT_MAX_CHARS = 500;
export const COMMENT_PAGE_DEFAULT = 20;
/** @mentions that notify per comment */
export const COMMENT_MENTIONS_MAX = 10;
/** a guest's feedback browser id */
export const FEEDBACK_CLIENT_ID_MAX = 64;
