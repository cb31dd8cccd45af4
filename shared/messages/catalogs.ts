// zh texts for the catalogs area (English template → Chinese).
export const catalogs: Record<string, string> = {
  'Catalog {cat_id} does not belong to this item': '目录 {cat_id} 不属于该项目',
  'Page {page_id} does not belong to this item': '页面 {page_id} 不属于该项目',
  'Catalogs can be nested at most three levels deep': '目录最多只能有三级',
  'A catalog cannot be placed inside itself': '目录不能放在它自己的下面',
  'You may only change the catalogs you were given': '你只能修改分配给你的目录',
  'Please enter the catalog name': '请输入目录名',
  'Catalog not found': '目录不存在',
};
