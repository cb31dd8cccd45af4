// zh texts for the notice webhook (English template → Chinese).
export const webhook: Record<string, string> = {
  'The address is too long (max {max} characters)': '地址太长（最多 {max} 个字符）',
  'Not a valid web address: it must start with http:// or https://': '不是有效的网址：必须以 http:// 或 https:// 开头',
  'Only http:// and https:// addresses are allowed, not {scheme}': '只允许 http:// 和 https:// 地址，不支持 {scheme}',
  'The address must not contain a user name or password': '地址中不能包含用户名或密码',
  'The host {host} cannot be resolved': '无法解析主机 {host}',
  'The address {host} is not on the public internet ({address}); Quire does not send requests there': '地址 {host} 不在公网上（{address}），Quire 不会向该地址发送请求',
  'The address {address} is not on the public internet; Quire does not send requests there': '地址 {address} 不在公网上，Quire 不会向该地址发送请求',
  'The address answered with a redirect ({status}); redirects are not followed': '该地址返回了重定向（{status}），不会跟随重定向',
  'The notice could not be delivered to your webhook: {reason}': '通知未能推送到你的 Webhook：{reason}',
};
