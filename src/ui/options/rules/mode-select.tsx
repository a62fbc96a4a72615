import { t } from '../../../i18n';
import type { AlwaysAskView, ModeView } from '../../../shared/protocols/options-protocol';

const MODE_WORDS = {
  allow: () => t('optionsRules.mode.allow'),
  once: () => t('optionsRules.mode.once'),
  ask: () => t('optionsRules.mode.ask'),
  deny: () => t('optionsRules.mode.deny'),
} satisfies Record<ModeView, () => string>;

/** A mode in words, as the mode menus say it. */
export function modeWords(mode: ModeView): string {
  return MODE_WORDS[mode]();
}

/** Classes G2 always asks for, whatever the mode: only ask and deny mean anything there. */
export function alwaysAsks(cls: AlwaysAskView | null): boolean {
  return cls === 'unclassified' || cls === 'destructive' || cls === 'live-write';
}

/**
 * The mode of one entry. Allow and once are offered only where the policy permits them:
 * not for tools G2 always asks for, unless the `"*": "allow"` opt-in is on.
 */
export function ModeSelect(props: {
  id: string;
  value: ModeView | 'default';
  defaultLabel: string;
  alwaysAsk: AlwaysAskView | null;
  optIn: boolean;
  disabled: boolean;
  describedBy?: string;
  invalid?: boolean;
  onChange: (mode: ModeView | 'default') => void;
}) {
  const narrowed = alwaysAsks(props.alwaysAsk) && !props.optIn;
  return (
    <select
      id={props.id}
      value={props.value}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid ? 'true' : undefined}
      onChange={(e) => props.onChange(e.currentTarget.value as ModeView | 'default')}
    >
      <option value="default">{props.defaultLabel}</option>
      {(Object.keys(MODE_WORDS) as ModeView[]).map((mode) => {
        const blocked = narrowed && (mode === 'allow' || mode === 'once');
        return (
          <option key={mode} value={mode} disabled={blocked}>
            {blocked ? t('optionsRules.mode.blocked', { mode: modeWords(mode) }) : modeWords(mode)}
          </option>
        );
      })}
    </select>
  );
}
