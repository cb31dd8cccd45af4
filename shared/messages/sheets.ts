// zh texts for spreadsheet items (English template → Chinese).
export const sheets: Record<string, string> = {
  'This is an old Excel (.xls) file: open it in Excel or LibreOffice, save it as .xlsx, and import that': '这是旧版 Excel（.xls）文件：请用 Excel 或 LibreOffice 打开，另存为 .xlsx 后再导入',
  'This file is not an Excel workbook (.xlsx), or it is damaged': '该文件不是 Excel 工作簿（.xlsx），或已损坏',
  'This workbook would unpack to more than {mb} MB, so it was not imported': '该工作簿解压后将超过 {mb} MB，未导入',
  'The workbook is larger than {mb} MB, so it was not imported': '该工作簿超过 {mb} MB，未导入',
  'Sheet "{name}" is too large: at most {rows} rows and {cols} columns can be imported': '工作表“{name}”过大：最多可导入 {rows} 行、{cols} 列',
  'The workbook has more than {max} cells, so it was not imported': '该工作簿超过 {max} 个单元格，未导入',
  'The workbook has more than {max} sheets, so it was not imported': '该工作簿超过 {max} 个工作表，未导入',
  'The imported workbook is too large to keep as one spreadsheet page': '导入的工作簿过大，无法保存为一个表格页面',
  'Only table items have a spreadsheet to import or export': '只有表格项目可以导入或导出表格',
  'Choose an .xlsx file to import': '请选择要导入的 .xlsx 文件',
  'The spreadsheet page no longer exists': '该表格页面已不存在',
  // job stages (server/domain/sheets/jobs.ts)
  'Checking the file': '正在检查文件',
  'Reading the workbook': '正在读取工作簿',
  'Saving': '正在保存',
  'Writing showdoc.xlsx': '正在生成 showdoc.xlsx',
};
