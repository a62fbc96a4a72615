import { t } from '../../../i18n';
import type { Command } from './slash-commands';

/** The "/" menu under the composer: commands with their usage; click or Enter picks one. */
export function CommandMenu(props: {
  commands: readonly Command[];
  active: number;
  onPick(name: string): void;
}) {
  return (
    <ul
      id="command-menu"
      class="command-menu"
      role="listbox"
      aria-label={t('panel.commands.label')}
    >
      {props.commands.map((command, index) => (
        <li
          key={command.name}
          id={`command-${index}`}
          role="option"
          aria-selected={index === props.active}
          onMouseDown={(event) => {
            event.preventDefault(); // keep focus in the text box
            props.onPick(command.name);
          }}
        >
          <code>{command.usage}</code> <span class="muted small">{command.hint}</span>
        </li>
      ))}
    </ul>
  );
}
