// Accounts: password rules, look-alike names, waiting accounts, mailed links.
export const accounts: Record<string, string> = {
  'Password must be {min} to {max} characters': '密码长度需为 {min} 到 {max} 个字符',
  'This password is one of the most common passwords; choose another': '这是最常见的密码之一，请换一个',
  'This username looks like an existing one; choose another': '该用户名与已有用户名过于相似，请换一个',
  'Your account awaits approval by an administrator': '你的账号正在等待管理员审核',
  'Confirm your email address first: open the link we mailed to {email}': '请先确认邮箱：打开我们发到 {email} 的链接',
  'New accounts confirm their email address on this site: give an email address': '本站新账号需要确认邮箱，请填写邮箱地址',
  'This site cannot send links by mail until an administrator sets the site URL (PUBLIC_URL or the site URL in the admin settings)':
    '管理员设置站点地址（PUBLIC_URL 或后台设置中的站点地址）之前，本站无法通过邮件发送链接',
  'Only an account that awaits approval can be rejected; delete an active account instead': '只能拒绝等待审核的账号；已启用的账号请删除',
  'New accounts must be open, email (confirm their email) or approval (approved by an administrator)':
    '新账号方式须为 open（直接开通）、email（确认邮箱）或 approval（管理员审核）',
  'New accounts cannot confirm their email: this server sends no mail (set SMTP_HOST)': '新账号无法确认邮箱：本服务器未配置邮件（SMTP_HOST）',
  'New accounts cannot confirm their email until the site URL is set': '设置站点地址之前，新账号无法确认邮箱',
  'This site cannot send mail (no mail server is configured): your address is saved, but no confirmation mail was sent':
    '本站无法发送邮件（未配置邮件服务器）：邮箱地址已保存，但没有发送确认邮件',
};
