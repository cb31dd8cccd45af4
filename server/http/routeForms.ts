// The three equivalent URL forms (DESIGN §3):
//   /api/<controller>/<action>[/key/value...]
//   /server/api/<controller>/<action>[/key/value...]
//   /server/index.php?s=/api/<controller>/<action>[/key/value...]  (also /server/?s=, /index.php?s=)
export interface ApiRoute {
  controller: string;
  action: string;
  pathParams: Record<string, string>;
}

export type ParsedRoute =
  | { kind: 'api'; route: ApiRoute }
  | { kind: 'mock-path'; itemId: string }
  | { kind: 'mock-data'; key: string }
  | { kind: 'invalid' };

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** a controller or action name (ShowDoc's have digits: extLogin/oauth2, adminSetting/saveOauth2Config) */
const NAME_RE = /^[A-Za-z_-][A-Za-z0-9_-]{0,59}$/;

/** segments after 'api': controller, action, then key/value pairs */
export function parseApiSegments(segments: string[]): ParsedRoute {
  const parts = segments.filter((s) => s !== '').map(safeDecode);
  if (parts.length < 2) return { kind: 'invalid' };
  const [controller, action, ...rest] = parts;
  if (!NAME_RE.test(controller) || !NAME_RE.test(action)) return { kind: 'invalid' };
  const pathParams: Record<string, string> = Object.create(null);
  for (let i = 0; i + 1 < rest.length; i += 2) pathParams[rest[i]] = rest[i + 1];
  return { kind: 'api', route: { controller, action, pathParams } };
}

/** The value of ?s= in the index.php form. */
export function parseSParam(s: string): ParsedRoute {
  const parts = s.replace(/^\/+/, '').split('/');
  const head = parts[0]?.toLowerCase();
  if (head === 'api') return parseApiSegments(parts.slice(1));
  if (head === 'mock-path' && parts[1]) return { kind: 'mock-path', itemId: safeDecode(parts[1]) };
  if (head === 'mock-data' && parts[1]) return { kind: 'mock-data', key: safeDecode(parts[1]) };
  return { kind: 'invalid' };
}

/** Paths served by the API dispatcher (everything else belongs to the web client). */
export function isApiPath(path: string): boolean {
  return /^\/(api|server)(\/|$)/.test(path) || path === '/index.php' || /^\/(mock-path|mock-data)\//.test(path);
}
