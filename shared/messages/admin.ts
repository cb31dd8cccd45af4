// zh texts for the admin area (English template → Chinese).
export const admin: Record<string, string> = {
  'The last administrator cannot be demoted; make another user administrator first': '不能取消最后一个管理员，请先将其他用户设为管理员',
  'You cannot delete your own account': '不能删除自己的账号',
  'Administrators cannot be deleted; demote the account first': '不能删除管理员，请先取消其管理员身份',
  'This user still owns {count} items; transfer or delete them first': '该用户仍拥有 {count} 个项目，请先转让或删除',
  'This user still owns {count} teams; transfer or delete them first': '该用户仍拥有 {count} 个团队，请先转让或删除',
  '{username} already owns this item': '{username} 已经是该项目的所有者',
  'The item changed meanwhile; reload and try again': '项目已被修改，请刷新后重试',
  'Object storage domain must be a host name such as cdn.example.com': '对象存储域名必须是主机名，例如 cdn.example.com',
  'Object storage endpoint must be a host name or URL': '对象存储 endpoint 必须是主机名或 URL',
  'Object storage folder may only hold letters, digits and . _ - /': '对象存储目录只能包含字母、数字和 . _ - /',
  'Object storage field {field} is required when object storage is on': '开启对象存储时必须填写 {field}',
  'Site URL must start with http:// or https://': '网站地址必须以 http:// 或 https:// 开头',
  'Site URL must not carry a query, fragment or credentials': '网站地址不能包含查询参数、锚点或账号密码',
  'The public square home page is not available in Quire': 'Quire 不提供公开广场首页',
  'Home page mode must be 1 (landing page), 2 (login page) or 3 (an item)': '首页模式必须是 1（介绍页）、2（登录页）或 3（跳转到项目）',
  'Home page mode 3 needs an existing item as home item': '首页模式 3 需要指定一个存在的项目',
  'History versions to keep must be between 1 and {max}': '历史版本保留数量必须在 1 到 {max} 之间',
  'Upload size limit must be between 1 and {max} MB': '上传大小限制必须在 1 到 {max} MB 之间',
  'Upload quotas must be between 0 (unlimited) and {max} MB': '上传配额必须在 0（不限）到 {max} MB 之间',
  'Login sessions must last between 1 and {max} days': '登录有效期必须在 1 到 {max} 天之间',
  'Object storage {field} {host} is a link-local or cloud metadata address; Quire does not connect there':
    '对象存储 {field} {host} 是链路本地地址或云元数据地址，Quire 不会连接该地址',
  'Updating from the web console is not supported; update the installation on the server and restart it': '不支持在网页后台更新，请在服务器上更新程序后重启',
  'No update source is configured; Quire does not contact any update server. Update with git pull / npm install, then restart.':
    '未配置更新源，Quire 不会连接任何更新服务器。请用 git pull / npm install 更新后重启。',
};
