import type { EditorNotice as Notice } from '../../shared/editor-protocol';

/** Whether the card's editor notice needs the person's choice before approving (E2, E3). */
export function editorConflict(notice: Notice | undefined): 'unsaved' | 'classic' | null {
  if (!notice) return null;
  if (notice.unsaved.length > 0) return 'unsaved';
  return notice.classic ? 'classic' : null;
}

/** The words of the choice that applies over the open editor. */
export function overrideLabel(conflict: 'unsaved' | 'classic'): string {
  return conflict === 'unsaved'
    ? 'Apply over my unsaved edits'
    : 'Approve anyway: I will reload the classic editor before I press Update';
}

/**
 * E1-E3 on the approval card: what the person's open editor holds of the entry, said
 * before they approve: unsaved edits to the fields this call changes, a classic editor
 * whose Update would send the old values back, an editor that does not answer, or simply
 * that the change will show in the open editor.
 */
export function EditorNotice({ notice }: { notice: Notice }) {
  const conflict = editorConflict(notice);
  if (conflict === 'unsaved') {
    return (
      <div class="banner warning" role="alert" data-testid="editor-notice">
        <p>
          Your unsaved edits in the open editor to <strong>{notice.unsaved.join(', ')}</strong>{' '}
          would be replaced by this change.
        </p>
        <p>
          Apply over them (undo in the editor brings them back), or leave the call waiting: save or
          undo them in the editor, then approve. Unsaved edits to other fields stay as they are.
        </p>
      </div>
    );
  }
  if (conflict === 'classic') {
    return (
      <div class="banner warning" role="alert" data-testid="editor-notice">
        <p>This entry is open in the classic editor in another tab.</p>
        <p>
          Its Update button sends every field back, which would undo this change. Save or close it
          first; the call waits until it is gone.
        </p>
      </div>
    );
  }
  if (notice.unanswered) {
    return (
      <p class="editor-note is-warning" data-testid="editor-notice">
        An editor open on this entry does not answer. After the change, reload it before you save
        there.
      </p>
    );
  }
  return (
    <p class="editor-note" data-testid="editor-notice">
      This entry is open in the editor: the change will show there, and undo there steps back from
      it.
    </p>
  );
}
