import { useState } from 'preact/hooks';
import { t } from '../../../i18n';
import { MAX_MESSAGE_LENGTH, type ThreadView } from '../../../shared/protocols/thread-protocol';
import { CommandMenu } from './command-menu';
import { matchingCommands } from './slash-commands';
import { composerBlock, placeholder } from './composer-state';
import { ModelPicker } from './model-picker';
import type { Outgoing } from './message-outbox';
import type { Connection } from './thread-model';

interface Props {
  view: ThreadView | null;
  connection: Connection;
  /** The box's text (the thread model holds it: a message not sent comes back to it). */
  draft: string;
  onDraft(text: string): void;
  /** The person's message on its way: queued while the agent works, or posted. */
  outgoing?: Outgoing;
  /** Why the box holds a message that was given back. */
  unsent?: string;
  /** Sends (or queues) the message; false when it could not go (the text is kept). */
  onSend(text: string): boolean;
  onCancelQueued(): void;
  onModel(model: string): void;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line. Disabled with its reason
 * while a call waits for a decision (G6) or the panel is reconnecting; while the agent
 * works a message sent waits, shown above the box, and goes when the step ends (it can be
 * taken back). A message the background never took comes back into the box with a note.
 * In commands mode (R3) "/" opens the command menu; in agent mode the model picker sits
 * beside Send.
 */
export function Composer(props: Props) {
  const { view, connection, draft: text, onDraft: setText, outgoing, onSend, onModel } = props;
  const [active, setActive] = useState(0);
  const [menuClosed, setMenuClosed] = useState(false);
  const block = composerBlock(view, connection);
  const commands = view?.mode === 'commands' && !menuClosed ? matchingCommands(text) : [];
  const blocked = !!block?.locked || !!outgoing;
  const send = () => {
    const message = text.trim();
    if (message && !blocked && onSend(message)) setText('');
  };
  const pickCommand = (name: string) => {
    setText(`/${name} `);
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (commands.length > 0) {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step) {
        event.preventDefault();
        setActive((active + step + commands.length) % commands.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        pickCommand(commands[Math.min(active, commands.length - 1)]!.name);
        return;
      }
      if (event.key === 'Escape') {
        setMenuClosed(true);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {outgoing && <OutgoingLine outgoing={outgoing} view={view} onCancel={props.onCancelQueued} />}
      {props.unsent && (
        <p class="composer-unsent" role="alert" data-testid="unsent">
          {props.unsent}
        </p>
      )}
      {block && !outgoing && (
        <p id="composer-reason" class="composer-reason" role="status">
          {block.reason}
        </p>
      )}
      {commands.length > 0 && (
        <CommandMenu commands={commands} active={active} onPick={pickCommand} />
      )}
      <textarea
        aria-label={t('panel.composer.label')}
        aria-describedby={block ? 'composer-reason' : undefined}
        aria-controls={commands.length ? 'command-menu' : undefined}
        aria-activedescendant={commands.length ? `command-${active}` : undefined}
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        placeholder={placeholder(view?.mode)}
        disabled={block?.locked}
        value={text}
        onInput={(event) => {
          setText(event.currentTarget.value);
          setMenuClosed(false);
        }}
        onKeyDown={onKeyDown}
      />
      <div class="composer-bar">
        {view?.mode === 'agent' && <ModelPicker model={view.model} onChange={onModel} />}
        <button type="submit" class="primary" disabled={blocked || !text.trim()}>
          {t('panel.composer.send')}
        </button>
      </div>
    </form>
  );
}

/** The message on its way, above the box: what it waits for, and Cancel while queued. */
function OutgoingLine(props: { outgoing: Outgoing; view: ThreadView | null; onCancel(): void }) {
  const { outgoing, view } = props;
  const waits =
    outgoing.state === 'sent'
      ? t('panel.outgoing.sending')
      : view?.pending
        ? t('panel.outgoing.afterCard')
        : t('panel.outgoing.afterStep');
  return (
    <div class="composer-outgoing" role="status" data-testid="outgoing">
      <p>
        <span class="muted">{waits}</span>{' '}
        <q data-i18n-exempt="the person's message">{outgoing.text}</q>
      </p>
      {outgoing.state === 'queued' && (
        <button type="button" class="small-button" onClick={props.onCancel}>
          {t('common.action.cancel')}
        </button>
      )}
    </div>
  );
}
