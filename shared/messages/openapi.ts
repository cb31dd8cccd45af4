// zh texts for the openapi area (English template → Chinese).
export const openapi: Record<string, string> = {
  'api_key or api_token does not match': 'api_key或者api_token不匹配',
  'Too many wrong api_key/api_token attempts; try again later': 'api_key/api_token 错误次数过多，请稍后再试',
  'Catalog path "{path}" is deeper than {max} levels': '目录路径“{path}”超过了 {max} 级',
  'Catalog name is too long (max {max} characters)': '目录名称过长（最多 {max} 个字符）',
  'This item already has {max} pages; the open API cannot add more': '该项目已有 {max} 个页面，开放 API 不能再新建页面',
  'table_info and table_detail describe no table': 'table_info 和 table_detail 中没有任何数据表',
  'No /** … */ comment block with @title and showdoc was found': '没有找到同时包含 @title 和 showdoc 的 /** … */ 注释块',
  'One request may write at most {max} pages; this one has {count}. Send fewer files or tables at a time': '一次请求最多写入 {max} 个页面，本次有 {count} 个，请分批发送文件或数据表',
  'This request would take the item past {max} pages ({count} new); the open API cannot add more': '本次请求会使项目超过 {max} 个页面（新增 {count} 个），开放 API 不能再新建页面',
};
