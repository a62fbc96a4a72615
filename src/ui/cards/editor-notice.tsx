import type { EditorNotice as Notice } from '../../shared/editor-protocol';

/** What on the card's editor notice needs the person's choice before approving (E1-E3). */
export type EditorConflict = 'unsaved' | 'unanswered' | 'locked';

/** Whether the card's editor notice needs the person's choice before approving (E1-E3). */
export function editorConflict(notice: Notice | undefined): EditorConflict | null {
  if (!notice) return null;
  if (notice.unsaved.length > 0) return 'unsaved';
  if (notice.unanswered) return 'unanswered';
  return notice.lockedBy ? 'locked' : null;
}

/** The words of the choice that applies over the open editor. */
export function overrideLabel(conflict: EditorConflict, notice?: Notice): string {
  switch (conflict) {
    case 'unsaved':
      return 'Apply over my unsaved edits';
    case 'unanswered':
      return 'Approve anyway: I will reload that editor before I save there';
    case 'locked':
      return `Approve anyway, while ${notice?.lockedBy ?? 'they'} edit${notice?.lockedBy ? 's' : ''}`;
  }
}

/** What the person does while the call waits, by what holds it. */
export function waitingHint(conflict: EditorConflict, notice?: Notice): string {
  switch (conflict) {
    case 'unsaved':
      return 'Save or undo your edits in the editor, then approve.';
    case 'unanswered':
      return 'Reload or close the editor that does not answer, then approve.';
    case 'locked':
      return `When ${notice?.lockedBy ?? 'the other person'} has closed the post, approve.`;
  }
}

/** Another user's post lock, said beside any other editor notice (E3). */
function LockLine({ name }: { name: string }) {
  return (
    <p data-testid="post-lock">
      <strong>{name}</strong> is editing this post. Their editor does not show this change, and
      their next save could send their copy back over it.
    </p>
  );
}

/**
 * E1-E3 on the approval card: what the open editors hold of the entry, said before the
 * person approves: unsaved edits to the fields this call changes, an editor that does not
 * answer, another user who holds the post lock, or simply that the change will show in the
 * open editor (a classic editor's form included, so its Update keeps it).
 */
export function EditorNotice({ notice }: { notice: Notice }) {
  const conflict = editorConflict(notice);
  const lock = notice.lockedBy ? <LockLine name={notice.lockedBy} /> : null;
  if (conflict === 'unsaved') {
    return (
      <div class="banner warning" role="alert" data-testid="editor-notice">
        <p>
          Your unsaved edits in the open editor to <strong>{notice.unsaved.join(', ')}</strong>{' '}
          would be replaced by this change.
        </p>
        <p>
          {notice.classic
            ? 'Apply over them, or leave the call waiting: save or undo them in the classic editor, then approve.'
            : 'Apply over them (undo in the editor brings them back), or leave the call waiting: save or undo them in the editor, then approve.'}{' '}
          Unsaved edits to other fields stay as they are.
        </p>
        {lock}
      </div>
    );
  }
  if (conflict === 'unanswered') {
    return (
      <div class="banner warning" role="alert" data-testid="editor-notice">
        <p>An editor open on this entry does not answer.</p>
        <p>
          It would not show this change, and its next save could send the old values back. Reload or
          close it first; the call waits. Or approve anyway and reload it before you save there.
        </p>
        {lock}
      </div>
    );
  }
  if (conflict === 'locked') {
    return (
      <div class="banner warning" role="alert" data-testid="editor-notice">
        {lock}
        <p>The call waits until they are done, or you approve anyway.</p>
      </div>
    );
  }
  if (notice.classic) {
    return (
      <div class="editor-note" data-testid="editor-notice">
        <p>
          This entry is open in the classic editor: the change will be put into its form too, so
          pressing Update there keeps it.
        </p>
        {lock}
      </div>
    );
  }
  return (
    <p class="editor-note" data-testid="editor-notice">
      This entry is open in the editor: the change will show there, and undo there steps back from
      it.
    </p>
  );
}
