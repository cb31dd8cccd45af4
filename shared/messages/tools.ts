// zh texts for the editor's and housekeeping tools added for ShowDoc v3 parity: SQL → table,
// shared templates, unused attachments, the AI answers (English template → Chinese).
export const tools: Record<string, string> = {
  // page/sqlToMarkdownTable (the table headings are ShowDoc's)
  Field: '字段',
  Type: '类型',
  Null: '允许空',
  Default: '默认',
  Comment: '说明',
  Yes: '是',
  No: '否',
  'Paste a CREATE TABLE statement': '请粘贴建表语句（CREATE TABLE）',
  'This SQL could not be read as CREATE TABLE statements (MySQL, PostgreSQL or SQLite)': '无法解析该 SQL，请检查是否为合法的建表语句（MySQL、PostgreSQL 或 SQLite）',
  // template sharing
  'Choose at least one item': '请至少选择一个项目',
  'You may not edit the item {item_id}': '项目 {item_id} 没有权限',
  'Too many items (max {max})': '项目过多（最多 {max} 个）',
  // unused attachments
  'Choose the files to delete': '请选择要删除的文件',
  'Too many files at once (max {max})': '一次删除的文件过多（最多 {max} 个）',
  // AI (not built: answered as ShowDoc answers when AI is not configured)
  'The AI service is not configured; ask your administrator': 'AI 服务未配置，请联系管理员',
};
