// Addresses of the old ShowDoc site that keep working once it has moved into Quire (#21):
//   /Public/Uploads/<path>   a file's direct path → 302 to its visitFile URL (the path the import recorded)
//   /web, /web/, /web/index.html → 302 to /: the browser keeps the #/… fragment across the redirect,
//                               and the client turns ShowDoc's hash route into ours (client/src/showdocHashRoute.ts)
// ShowDoc's API forms (/server/index.php?s=…, /server/?s=…) are Quire's own (http/dispatch.ts).
import type Koa from 'koa';
import type { AppDeps } from '../deps';
import { mayLookUpOldUploadPath } from '../policies/oldLinks';
import { fileSignOfOldUpload } from '../domain/showdoc/oldLinks';
import { fileUrl } from '../presenters/attachment';

const UPLOADS_PREFIX = '/Public/Uploads/';
const OLD_WEB_APP = new Set(['/web', '/web/', '/web/index.html']);

/** The path under Public/Uploads, percent-decoded; null when the URL cannot be decoded. */
function uploadPathOf(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath.slice(UPLOADS_PREFIX.length));
  } catch {
    return null;
  }
}

export function oldShowdocLinks(deps: AppDeps): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (OLD_WEB_APP.has(ctx.path)) {
      ctx.redirect('/');
      return;
    }
    if (!ctx.path.startsWith(UPLOADS_PREFIX)) return next();
    const uploadPath = uploadPathOf(ctx.path);
    const sign = uploadPath !== null && mayLookUpOldUploadPath(uploadPath) ? await fileSignOfOldUpload(deps, uploadPath) : undefined;
    if (!sign) {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Not Found';
      return;
    }
    // site-relative, as page links are: the file answers at whatever address the site is opened by
    ctx.redirect(fileUrl('', sign));
  };
}
