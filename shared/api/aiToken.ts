// /api/aiToken/*: the caller's tokens for AI editors on the MCP endpoint (/mcp), ShowDoc's names.
// A token is shown once, in create's answer; the list shows only its last characters.
import { endpoint } from './contract';
import { id, text } from './fields';

export interface McpTokenListed {
  id: number;
  name: string;
  /** "qmcp_…abcd": enough to tell tokens apart */
  token_preview: string;
  /** 'Y-m-d H:i:s' */
  addtime: string;
  /** 'Y-m-d H:i:s', '' when never used */
  last_used_time: string;
}

export interface McpTokenCreated extends McpTokenListed {
  /** the token itself: shown this once */
  token: string;
}

export const list = endpoint<{ tokens: McpTokenListed[]; total: number }>()('aiToken/list', {});

export const create = endpoint<McpTokenCreated>()('aiToken/create', { name: text({ max: 60 }) });

export const revoke = endpoint<never[]>()('aiToken/revoke', { id: id() });
