// A user's MCP tokens as aiToken/* answers them.
import type { McpTokenListed } from '../../shared/api/aiToken';
import type { McpTokenRow } from '../db/repos/mcpTokens';
import { formatTime } from './time';

export function presentMcpToken(row: McpTokenRow): McpTokenListed {
  return {
    id: row.id,
    name: row.name,
    token_preview: `qmcp_…${row.tail}`,
    addtime: formatTime(row.addtime),
    last_used_time: row.lastUsedAt ? formatTime(row.lastUsedAt) : '',
  };
}
