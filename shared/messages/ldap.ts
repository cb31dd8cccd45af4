// zh texts for the ldap area (English template → Chinese).
export const ldap: Record<string, string> = {
  'The LDAP server cannot be reached, so directory accounts cannot log in now; local accounts still can. Try again later or tell an administrator':
    '无法连接 LDAP 服务器，目录账号暂时无法登录（本地账号不受影响）。请稍后再试或联系管理员',
  'Cannot connect to the LDAP server: {reason}': '无法连接 LDAP 服务器：{reason}',
  'LDAP host is required': '请填写 LDAP 主机地址',
  'LDAP host must be a host name, an IP address or an ldap:// or ldaps:// URL': 'LDAP 主机必须是主机名、IP 地址或 ldap:// / ldaps:// 地址',
  'LDAP host {host} is a link-local or cloud metadata address; Quire does not connect there': 'LDAP 主机 {host} 是链路本地地址或云元数据地址，Quire 不会连接该地址',
  'LDAP base DN is required': '请填写 LDAP base_dn',
  'LDAP user field must be an attribute name': 'LDAP 用户字段必须是属性名',
  'LDAP name field must be an attribute name': 'LDAP 名称字段必须是属性名',
  'LDAP port must be between 1 and 65535': 'LDAP 端口必须在 1 到 65535 之间',
  'LDAP version must be 2 or 3': 'LDAP 版本必须是 2 或 3',
  'LDAP search filter must be enclosed in parentheses': 'LDAP 搜索过滤器必须用括号括起来',
};
