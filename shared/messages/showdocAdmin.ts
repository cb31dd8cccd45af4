// zh texts for moving a ShowDoc installation from the admin console (#21): the job 'import.showdoc'
// (server/domain/showdoc/adminJob.ts), adminShowdoc/start and its policy. The import's own stages and
// reasons are in showdocImport.ts. English template → Chinese.
export const showdocAdmin: Record<string, string> = {
  'Only administrators can move a ShowDoc installation into Quire': '只有管理员可以把 ShowDoc 站点迁移到 Quire',
  'Choose the ShowDoc database file (Sqlite/showdoc.db.php)': '请选择 ShowDoc 的数据库文件（Sqlite/showdoc.db.php）',
  'The database file is larger than {mb} MB': '数据库文件超过 {mb} MB',
  'The zip of Public/Uploads is larger than {mb} MB': 'Public/Uploads 的 zip 文件超过 {mb} MB',
  'Send the database in the field {db} and the zip in the field {uploads}': '请在字段 {db} 中发送数据库，在字段 {uploads} 中发送 zip 文件',
  'The old site address must start with http:// or https:// ({url})': '旧站点地址必须以 http:// 或 https:// 开头（{url}）',
  'The uploaded files are no longer kept; start the import again with the two files': '上传的文件已不再保留，请重新上传这两个文件并开始迁移',
  'Fetching the uploaded database': '正在读取上传的数据库',
  'Fetching the uploaded files': '正在读取上传的文件',
  'Unpacking the uploaded files: {n} of {total}': '正在解压上传的文件：第 {n} 个，共 {total} 个',
};
