// zh texts for the exports area (English template → Chinese).
export const exports: Record<string, string> = {
  'A spreadsheet item is exported from the spreadsheet itself (.xlsx)': '表格项目请在表格中导出为 .xlsx 文件',
  'The export was cancelled': '导出已取消',
  'The account that asked for this job is no longer active': '发起此任务的账号已不可用',
  // stages of an export job
  'Reading the outline': '正在读取目录',
  'Writing the document': '正在生成文档',
  'Writing the archive': '正在生成压缩包',
};
