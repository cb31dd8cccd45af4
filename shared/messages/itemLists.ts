// zh texts for item groups, stars and the item change log (English template → Chinese).
export const itemLists: Record<string, string> = {
  'Please enter the group name': '分组名称不能为空',
  'A group holds at most {max} items': '一个分组最多包含 {max} 个项目',
  'You can have at most {max} item groups': '最多只能创建 {max} 个项目分组',
  'The change log covers the whole item; members limited to some catalogs cannot read it': '变更日志涉及整个项目，只能访问部分目录的成员不能查看',
  // op_action_type_desc / op_object_type_desc (ShowDoc's words)
  Created: '创建',
  Edited: '修改',
  Deleted: '删除',
  Moved: '拖曳修改',
  Restored: '恢复',
  Page: '页面(或接口)',
  Catalog: '目录',
  'Catalog tree': '目录树',
};
