// Secrets that travel in URLs never reach our log (security finding F10). A request address is
// logged through redactUrl(), which masks the values of secret parameters in every form the API
// reads them: the query string, ShowDoc's /key/value path segments and the route inside ?s=….
// The logger also runs redactText() over every text it writes, for addresses quoted inside
// error messages (an S3 or LDAP library may include its request URL).

/** Parameter names whose values are credentials (compared case-insensitively). */
export const SECRET_PARAMS = [
  'user_token',
  'cookie_token',
  '_item_pwd',
  'api_token',
  'api_key',
  'download_ticket',
  'password',
  'new_password',
  'token',
  'access_token',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
];

const secret = new Set(SECRET_PARAMS);
export const REDACTED = '***';

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

const isSecret = (name: string) => secret.has(decode(name).trim().toLowerCase());

/** /api/c/a/user_token/abc → /api/c/a/user_token/*** */
function redactPath(path: string): string {
  const parts = path.split('/');
  for (let i = 0; i + 1 < parts.length; i++) {
    if (isSecret(parts[i])) parts[++i] = REDACTED;
  }
  return parts.join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      if (isSecret(name)) return `${name}=${REDACTED}`;
      // ShowDoc's ?s=/api/<controller>/<action>/key/value… route
      if (decode(name) === 's') return `${name}=${redactPath(decode(pair.slice(eq + 1)))}`;
      return pair;
    })
    .join('&');
}

/** A request address (path and query, as in ctx.originalUrl) with secret values masked. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const bare = hash < 0 ? url : url.slice(0, hash);
  const q = bare.indexOf('?');
  return q < 0 ? redactPath(bare) : `${redactPath(bare.slice(0, q))}?${redactQuery(bare.slice(q + 1))}`;
}

// name=value or /name/value inside free text; names may be percent-encoded (user%5Ftoken)
const namePattern = SECRET_PARAMS.map((n) => n.replace(/[-_]/g, (c) => (c === '_' ? '(?:_|%5f)' : '(?:-|%2d)'))).join('|');
// (a logged field named like a secret is written name="value": the quote may open the value)
const inText = new RegExp(`(^|[^A-Za-z0-9_%])(${namePattern})(=|/|%3d|%2f)("?)([^&\\s/"'#;,)\\]}<>\\\\]+)`, 'gi');

/** Masks secret parameter values in any text (error messages, stacks, quoted addresses). */
export function redactText(text: string): string {
  if (!text) return text;
  return text.replace(inText, (_m, lead: string, name: string, sep: string, quote: string) => `${lead}${name}${sep}${quote}${REDACTED}`);
}
