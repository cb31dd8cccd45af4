// /api/download/ticket — our extension (F10): a client that holds a login token but must hand a
// download to a browser or a download manager asks for a ticket by POST and puts
// `download_ticket=<ticket>` in the download URL instead of its token. The web client needs none:
// its downloads are same-site navigations that carry the session cookie.
import { action, controller } from '../http/action';
import { ApiError, notLoggedIn } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/download';
import { DOWNLOAD_TICKET_SECONDS, issueDownloadTicket } from '../auth/downloadTickets';
import { presentDownloadTicket } from '../presenters/downloadTicket';

const ticket = action(api.ticket, {
  auth: 'required',
  async run(req) {
    // a GET could be triggered by a link or an <img> in stored content
    if (req.ctx.method !== 'POST') throw new ApiError(ErrorCode.GENERIC, 'Ask for a download ticket with POST');
    const me = req.me();
    // a logged-in caller of this action came with a token (a ticket counts only on downloads)
    if (!req.token) throw notLoggedIn();
    return presentDownloadTicket(await issueDownloadTicket(req.deps, me.uid, req.token), DOWNLOAD_TICKET_SECONDS);
  },
});

export default controller('download', { ticket });
