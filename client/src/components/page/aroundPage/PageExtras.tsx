// Under a page in the reader: the Watch toggle, "was this page helpful?", and the comments. Loaded
// lazily by DocumentPane (the reader route has a JavaScript budget), with its own texts.
import '../../../i18n/aroundPageTexts';
import './aroundPage.css';
import { useCurrentUser } from '../../../session/user';
import type { Id } from '../../../api';
import { WatchToggle } from './WatchToggle';
import { FeedbackBar } from './FeedbackBar';
import { CommentsPanel } from './CommentsPanel';

export interface PageExtrasProps {
  pageId: Id;
  allowComment: boolean;
  allowFeedback: boolean;
}

export default function PageExtras({ pageId, allowComment, allowFeedback }: PageExtrasProps) {
  const user = useCurrentUser();
  if (!user && !allowComment && !allowFeedback) return null;
  return (
    <section className="quire-page-extras" data-testid="page-extras">
      <div className="quire-page-extras-bar">
        {allowFeedback ? <FeedbackBar key={`f${pageId}`} pageId={pageId} /> : <span />}
        {user && <WatchToggle key={`w${pageId}`} pageId={pageId} uid={user.uid} />}
      </div>
      {allowComment && <CommentsPanel key={`c${pageId}`} pageId={pageId} signedIn={!!user} />}
    </section>
  );
}
