import { DEFAULT_MODEL_ID, MODEL_CHOICES, type ModelChoice } from '../../../agent/models';
import { t } from '../../../i18n';

/** A listed model's hint in the person's language (the list's own English as fallback). */
export function hintOf(choice: ModelChoice): string {
  switch (choice.id) {
    case 'claude-opus-5-5':
    case 'claude-sonnet-5-5':
    case 'claude-haiku-5-5':
      return t(`panel.model.hint.${choice.id}`);
    default:
      return choice.hint;
  }
}

/** R4: the model this thread uses (agent mode only), from the picker's short list. */
export function ModelPicker(props: { model?: string; onChange(model: string): void }) {
  const value = props.model ?? DEFAULT_MODEL_ID;
  const listed = MODEL_CHOICES.some((choice) => choice.id === value);
  return (
    <label class="model-picker">
      <span class="sr-only">{t('panel.model.label')}</span>
      <select value={value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        {!listed && (
          <option value={value} data-i18n-exempt="model id">
            {value}
          </option>
        )}
        {MODEL_CHOICES.map((choice) => (
          <option key={choice.id} value={choice.id} title={hintOf(choice)}>
            {t('panel.model.option', { label: choice.label, hint: hintOf(choice) })}
          </option>
        ))}
      </select>
    </label>
  );
}
