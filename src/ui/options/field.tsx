import type { ComponentChildren } from 'preact';

/** The ARIA attributes that tie an input to its hint and error (errors at the field). */
export function fieldAria(id: string, hint?: unknown, error?: string | null) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}

/** A labelled field with an optional hint and an error shown right under it. */
export function Field(props: {
  id: string;
  label: string;
  hint?: ComponentChildren;
  error?: string | null;
  children: ComponentChildren;
}) {
  const { id, label, hint, error, children } = props;
  return (
    <div class={`opt-field${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} class="opt-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** After a refused save, takes the keyboard to the first field marked invalid. */
export function focusFirstInvalid(): void {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('.options [aria-invalid="true"]')?.focus();
  });
}
