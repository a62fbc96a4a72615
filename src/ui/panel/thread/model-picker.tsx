import { DEFAULT_MODEL_ID, MODEL_CHOICES } from '../../../agent/models';

/** R4: the model this thread uses (agent mode only), from the picker's short list. */
export function ModelPicker(props: { model?: string; onChange(model: string): void }) {
  const value = props.model ?? DEFAULT_MODEL_ID;
  const listed = MODEL_CHOICES.some((choice) => choice.id === value);
  return (
    <label class="model-picker">
      <span class="sr-only">Model</span>
      <select value={value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        {!listed && <option value={value}>{value}</option>}
        {MODEL_CHOICES.map((choice) => (
          <option key={choice.id} value={choice.id} title={choice.hint}>
            {choice.label} ({choice.hint})
          </option>
        ))}
      </select>
    </label>
  );
}
