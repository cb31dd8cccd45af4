// Single sign-on (OAuth2 / OpenID Connect): the admin form's checks.
export const sso: Record<string, string> = {
  'OAuth2 field {field} must be an http:// or https:// URL': 'OAuth2 字段 {field} 必须是 http:// 或 https:// 地址',
  'OAuth2 field {field} must not carry credentials': 'OAuth2 字段 {field} 不能包含用户名或密码',
  'OAuth2 field {field} names a link-local or cloud metadata address; Quire does not connect there': 'OAuth2 字段 {field} 指向链路本地或云元数据地址，Quire 不会连接该地址',
  'OAuth2 field {field} must be a path starting with /': 'OAuth2 字段 {field} 必须是以 / 开头的路径',
  'OAuth2 field {field} must not carry a query or fragment': 'OAuth2 字段 {field} 不能包含查询参数或片段',
  'OAuth2 host must be a host name (with an optional port), without http://': 'OAuth2 主机必须是主机名（可带端口），不要加 http://',
  'OAuth2 field {field} is required when sign-in through OAuth2 is on': '开启 OAuth2 登录时，字段 {field} 必填',
  'Cannot read the OpenID Connect discovery of {issuer}: {reason}': '无法读取 {issuer} 的 OpenID Connect 发现文档：{reason}',
};
