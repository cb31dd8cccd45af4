// 阅读页的页面附加功能（评论、反馈、关注）的文字，随其加载（aroundPageTexts.ts）。
const aroundPageZhCN = {
  aroundPage: {
    watch: '关注',
    unwatch: '取消关注',
    watchHint: '有人修改此页面时通知我',
    watching: '此页面有修改时你会收到通知',
    unwatched: '已取消关注此页面',
    helpfulQuestion: '这个页面对你有帮助吗？',
    helpful: '有帮助',
    unhelpful: '没帮助',
    thanks: '感谢您的反馈',
    countsHint: '统计数字仅编辑者可见',
    comments: '评论',
    commentsCount_one: '{{count}} 条评论',
    commentsCount_other: '{{count}} 条评论',
    noComments: '暂无评论',
    placeholder: '写下评论，输入 @ 提及成员',
    replyPlaceholder: '回复 {{name}}',
    post: '发表',
    reply: '回复',
    cancel: '取消',
    delete: '删除',
    deleteConfirm: '确定删除这条评论吗？',
    deleted: '评论已删除',
    posted: '评论发表成功',
    loginToComment: '登录后发表评论',
    more: '更多评论',
  },
};

export default aroundPageZhCN;
