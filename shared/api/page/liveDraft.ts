// page/liveDraft (Quire's own): whether the page's shared document holds edits nobody saved yet,
// so the reader can say "Ann is editing — 3 unsaved changes" while it shows the saved version.
import { endpoint } from '../contract';
import { id } from '../fields';

export interface LiveDraft {
  /** who holds the page's live edit session (null: nobody is in the editor now) */
  editing: string | null;
  /** changed places (insertions/deletions runs) between the saved page and the shared document; 0: nothing unsaved */
  changes: number;
}

export const liveDraft = endpoint<LiveDraft>()('page/liveDraft', { page_id: id() });
