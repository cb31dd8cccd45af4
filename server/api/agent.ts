// /api/agent/* — ShowDoc's AI assistant, answered as ShowDoc answers when no AI service is
// configured: agent/config says enabled: false (its clients then hide the assistant), the
// session list is empty, and whatever would need the service answers 10101 "not configured".
// Access is still decided first, as ShowDoc does (policies/agent.ts).
import { action, controller } from '../http/action';
import * as api from '../../shared/api/agent';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { requireAgentScope } from '../policies/agent';
import { presentAgentConfig } from '../presenters/agent';

const notConfigured = () => new ApiError(ErrorCode.GENERIC, 'The AI service is not configured; ask your administrator');

const config = action(api.config, {
  auth: 'optional',
  async run(req, p) {
    const access = await requireAgentScope(req, p.item_id);
    return presentAgentConfig(access?.item.itemType ?? 0, !req.user);
  },
});

const sessionList = action(api.sessionList, {
  auth: 'optional',
  async run(req, p) {
    await requireAgentScope(req, p.item_id);
    return { sessions: [] };
  },
});

/** what an action that needs the AI service answers, once the caller's access is decided */
async function refuse(req: Parameters<typeof requireAgentScope>[0], itemId: number): Promise<never> {
  await requireAgentScope(req, itemId);
  throw notConfigured();
}

const sessionLoad = action(api.sessionLoad, { auth: 'optional', run: (req, p) => refuse(req, p.item_id) });
const sessionNew = action(api.sessionNew, { auth: 'optional', run: (req, p) => refuse(req, p.item_id) });
const agent = action(api.agent, { auth: 'optional', run: (req, p) => refuse(req, p.item_id) });
// these name a session: there are none, and only a signed-in user could have one
const sessionReset = action(api.sessionReset, { auth: 'required', run: async () => Promise.reject(notConfigured()) });
const sessionDelete = action(api.sessionDelete, { auth: 'required', run: async () => Promise.reject(notConfigured()) });
const feedback = action(api.feedback, { auth: 'required', run: async () => Promise.reject(notConfigured()) });
const agentCancel = action(api.agentCancel, { auth: 'required', run: async () => Promise.reject(notConfigured()) });

export default controller('agent', { config, sessionList, sessionLoad, sessionNew, agent, sessionReset, sessionDelete, feedback, agentCancel });
