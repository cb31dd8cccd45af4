// MCP endpoint and MCP tokens (issue #23).
export const mcp: Record<string, string> = {
  'An MCP token is required (Authorization: Bearer <token> from your personal settings)': '需要 MCP 令牌（Authorization: Bearer <令牌>，在个人设置中创建）',
  'You have {max} MCP tokens already; revoke one first': '你已有 {max} 个 MCP 令牌，请先撤销一个',
  'MCP token not found': 'MCP 令牌不存在',
  'Give {a} or {b}': '请提供 {a} 或 {b}',
  'file_base64 is not valid base64': 'file_base64 不是有效的 base64 内容',
};
