// /api/aiToken/*: personal settings' MCP tokens (list, create — the token shown once — and revoke).
// Only the logged-in user's own tokens; an MCP token cannot call these (it is not a login token).
import { action, controller } from '../http/action';
import * as api from '../../shared/api/aiToken';
import { badParam } from '../errors';
import { createMcpToken, listMcpTokens, revokeMcpToken } from '../domain/mcp/tokens';
import { presentMcpToken } from '../presenters/mcpToken';

const list = action(api.list, {
  auth: 'required',
  async run(req) {
    const tokens = (await listMcpTokens(req.deps, req.me().uid)).map(presentMcpToken);
    return { tokens, total: tokens.length };
  },
});

const create = action(api.create, {
  auth: 'required',
  async run(req, p) {
    const { row, token } = await createMcpToken(req.deps, req.me().uid, p.name);
    return { ...presentMcpToken(row), token };
  },
});

const revoke = action(api.revoke, {
  auth: 'required',
  async run(req, p) {
    if (!p.id) throw badParam('Parameter {name} is required', { name: 'id' });
    await revokeMcpToken(req.deps, req.me().uid, p.id);
    return [];
  },
});

export default controller('aiToken', { list, create, revoke });
