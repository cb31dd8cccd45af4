// zh texts for the items area (English template → Chinese).
export const items: Record<string, string> = {
  'The personal domain may contain only letters and digits (not only digits, at most {max} characters)':
    '个性域名只能包含字母和数字（不能全为数字，最多 {max} 个字符）',
  'The personal domain {domain} already exists': '个性域名 {domain} 已经存在',
  'The personal domain {domain} is reserved by Quire; choose another': '个性域名 {domain} 是 Quire 的保留路径，请换一个',
  'Please set a password for a private item': '私密项目请设置访问密码',
  'Please enter the item name': '请输入项目名',
  'You do not have permission to copy this item': '你没有复制该项目的权限',
  'The item does not exist or has been deleted': '项目不存在或者已删除',
  'Please log in first': '请先登录',
  'User {username} does not exist': '用户 {username} 不存在',
  'The creator cannot leave the item; transfer or delete it instead': '项目创建者不能退出项目，请转让或删除项目',
  'You are not a member of this item': '你不是该项目的成员',
  'Wrong password; enter the verification code as well': '密码错误，请同时输入验证码',
  'Wrong password': '密码错误',
  'Too many wrong passwords; try again later': '密码错误次数过多，请稍后再试',
  'Welcome to Quire. Click the Edit button at the top right to start writing.': '欢迎使用 Quire。点击右上方的编辑按钮进行编辑吧！',
};
