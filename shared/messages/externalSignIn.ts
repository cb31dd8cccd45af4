// zh texts for sign-in from other systems (secret-key links, LDAP user sync) and the public square (English template → Chinese).
export const externalSignIn: Record<string, string> = {
  'Secret-key sign-in is not set up on this site': '本站尚未设置 SecretKey 登录',
  'The sign-in link is incomplete': '登录链接不完整',
  'The sign-in link has expired': '登录链接已过期',
  'The sign-in link is not valid': '登录链接无效（token 不正确）',
  'This sign-in link was already used': '该登录链接已被使用过',
  'For safety, administrators cannot sign in with a sign-in link': '为了安全，禁止管理员通过这种方式登录',
  'The public square is not enabled': '公开广场功能未启用',
  'LDAP is switched off: switch it on and save the LDAP settings first': 'LDAP 未开启：请先开启并保存 LDAP 设置',
};
