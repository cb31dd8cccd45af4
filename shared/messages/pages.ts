// zh texts for the pages area (English template → Chinese).
export const pages: Record<string, string> = {
  'Catalog not found in this item': '该项目中不存在此目录',
  'Empty content cannot be saved; write something first': '不允许保存空内容，请随便写点什么',
  'Enter a keyword to search': '请输入搜索关键词',
  'History version not found': '历史版本不存在',
  "Only the item's managers or the page's author may delete this page": '只有项目管理者或页面作者可以删除此页面',
  'Some pages do not belong to this item': '部分页面不属于该项目',
  'The page does not belong to this item': '该页面不属于此项目',
  'The page is too large (max {max} characters)': '页面内容过大（最多 {max} 个字符）',
  'This page is not in the recycle bin of this item': '该页面不在此项目的回收站中',
  'This share link does not exist or was cancelled': '分享链接不存在或已取消',
  'This share link has expired': '该分享链接已过期',
  'This template does not exist or is not yours': '模板不存在或不属于你',
  'Too many pages in one sort (max {max})': '一次排序的页面过多（最多 {max} 个）',
  'You may not write pages outside your catalogs': '你不能在自己的目录权限之外写入页面',
  'page_content is not valid URL encoding (is_urlencode=1)': 'page_content 不是合法的 URL 编码（is_urlencode=1）',
  '{name} is editing this page; try again later': '{name} 正在编辑此页面，请稍后再试',
};
