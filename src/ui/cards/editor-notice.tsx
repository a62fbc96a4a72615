import { formatList, t } from '../../i18n';
import type { EditorNotice as Notice } from '../../shared/protocols/editor-protocol';

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
      return t('cards.editor.override.unsaved');
    case 'unanswered':
      return t('cards.editor.override.unanswered');
    case 'locked':
      return notice?.lockedBy
        ? t('cards.editor.override.locked', { name: notice.lockedBy })
        : t('cards.editor.override.lockedSomeone');
  }
}

/** What the person does while the call waits, by what holds it. */
export function waitingHint(conflict: EditorConflict, notice?: Notice): string {
  switch (conflict) {
    case 'unsaved':
      return t('cards.editor.hint.unsaved');
    case 'unanswered':
      return t('cards.editor.hint.unanswered');
    case 'locked':
      return t('cards.editor.hint.locked', {
        name: notice?.lockedBy ?? t('cards.editor.otherPerson'),
      });
  }
}

/** Another user's post lock, said beside any other editor notice (E3). */
function LockLine({ name }: { name: string }) {
  return <p data-testid="post-lock">{t('cards.editor.lockedBy', { name })}</p>;
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
        <p>{t('cards.editor.unsaved', { fields: formatList(notice.unsaved) })}</p>
        <p>
          {notice.classic ? t('cards.editor.unsavedClassic') : t('cards.editor.unsavedBlock')}{' '}
          {t('cards.editor.unsavedOthers')}
        </p>
        {lock}
      </div>
    );
  }
  if (conflict === 'unanswered') {
    return (
      <div class="banner warning" role="alert" data-testid="editor-notice">
        <p>{t('cards.editor.unanswered')}</p>
        <p>{t('cards.editor.unansweredDetail')}</p>
        {lock}
      </div>
    );
  }
  if (conflict === 'locked') {
    return (
      <div class="banner warning" role="alert" data-testid="editor-notice">
        {lock}
        <p>{t('cards.editor.lockedWaits')}</p>
      </div>
    );
  }
  if (notice.classic) {
    return (
      <div class="editor-note" data-testid="editor-notice">
        <p>{t('cards.editor.classic')}</p>
        {lock}
      </div>
    );
  }
  return (
    <p class="editor-note" data-testid="editor-notice">
      {t('cards.editor.open')}
    </p>
  );
}
