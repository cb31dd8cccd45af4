// Texts of the reader's page extras (comments, feedback, watch): they load with them (aroundPageTexts.ts).
const aroundPageEn = {
  aroundPage: {
    watch: 'Watch',
    unwatch: 'Unwatch',
    watchHint: 'Get a notice when someone changes this page',
    watching: 'You will get a notice when this page changes',
    unwatched: 'You no longer watch this page',
    helpfulQuestion: 'Was this page helpful?',
    helpful: 'Yes',
    unhelpful: 'No',
    thanks: 'Thank you for your feedback',
    countsHint: 'Counts are shown to editors only',
    comments: 'Comments',
    commentsCount_one: '{{count}} comment',
    commentsCount_other: '{{count}} comments',
    noComments: 'No comments yet',
    placeholder: 'Write a comment; type @ to mention a member',
    replyPlaceholder: 'Reply to {{name}}',
    post: 'Post',
    reply: 'Reply',
    cancel: 'Cancel',
    delete: 'Delete',
    deleteConfirm: 'Delete this comment?',
    deleted: 'Comment deleted',
    posted: 'Comment posted',
    loginToComment: 'Log in to comment',
    more: 'More comments',
  },
};

export default aroundPageEn;
