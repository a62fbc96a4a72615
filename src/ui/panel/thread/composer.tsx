import { useState } from 'preact/hooks';
import { MAX_MESSAGE_LENGTH, type ThreadView } from '../../../shared/thread-protocol';
import { CommandMenu } from './command-menu';
import { matchingCommands } from './commands';
import { composerBlock, placeholder } from './composer-state';
import { ModelPicker } from './model-picker';
import type { Connection } from './thread-model';

interface Props {
  view: ThreadView | null;
  connection: Connection;
  /** Sends the message; false when it could not be sent (the text is kept). */
  onSend(text: string): boolean;
  onModel(model: string): void;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line. Disabled with its reason
 * while a call waits for a decision (G6) or the panel is reconnecting; while the agent
 * works the person may type ahead. In commands mode (R3) "/" opens the command menu;
 * in agent mode the model picker sits beside Send.
 */
export function Composer({ view, connection, onSend, onModel }: Props) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [menuClosed, setMenuClosed] = useState(false);
  const block = composerBlock(view, connection);
  const commands = view?.mode === 'commands' && !menuClosed ? matchingCommands(text) : [];
  const send = () => {
    const message = text.trim();
    if (message && !block && onSend(message)) setText('');
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
      {block && (
        <p id="composer-reason" class="composer-reason" role="status">
          {block.reason}
        </p>
      )}
      {commands.length > 0 && (
        <CommandMenu commands={commands} active={active} onPick={pickCommand} />
      )}
      <textarea
        aria-label="Message"
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
        <button type="submit" class="primary" disabled={!!block || !text.trim()}>
          Send
        </button>
      </div>
    </form>
  );
}
