import { useEffect } from 'preact/hooks';
import { MODEL_CHOICES } from '../../settings/model-choices';
import { ConnectionTest } from './connection-test';
import {
  errors,
  form,
  keyInfo,
  loadConnection,
  loaded,
  removeKey,
  saveConnection,
  status,
} from './connection-model';
import { Field, fieldAria, focusFirstInvalid } from './field';
import { SiteAccess } from './site-access';

/** Issue 7 item 1: the API connection (R4, S3) and the sites Countersign may act on. */
export function ConnectionSection() {
  useEffect(() => void loadConnection(), []);
  const info = keyInfo.value;
  const keyHint = info.set ? (
    <>
      A key is saved: <code data-testid="masked-key">{info.masked}</code>. Leave this empty to keep
      it.
    </>
  ) : (
    'No key is saved: Countersign then searches your site and offers commands, without an agent.'
  );
  const onSubmit = (event: Event) => {
    event.preventDefault();
    void saveConnection().then(focusFirstInvalid);
  };
  return (
    <>
      <section class="opt-card" aria-labelledby="connection-title">
        <h2 id="connection-title">API connection</h2>
        <form onSubmit={onSubmit} noValidate aria-busy={!loaded.value}>
          <fieldset class="opt-fieldset" disabled={!loaded.value}>
            <Field id="api-key" label="API key" hint={keyHint} error={errors.value.apiKey}>
              <input
                {...fieldAria('api-key', keyHint, errors.value.apiKey)}
                type="password"
                autocomplete="off"
                spellcheck={false}
                placeholder={info.set ? 'Type a new key to replace the saved one' : 'sk-ant-…'}
                value={form.apiKey.value}
                onInput={(e) => (form.apiKey.value = e.currentTarget.value)}
              />
            </Field>
            <Field
              id="api-base-url"
              label="API base URL"
              hint="Anthropic's API, or a gateway that speaks its Messages API. Countersign adds /v1 itself."
              error={errors.value.apiBaseUrl}
            >
              <input
                {...fieldAria('api-base-url', true, errors.value.apiBaseUrl)}
                type="url"
                inputMode="url"
                value={form.apiBaseUrl.value}
                onInput={(e) => (form.apiBaseUrl.value = e.currentTarget.value)}
              />
            </Field>
            <Field
              id="default-model"
              label="Default model"
              hint="Pick one, or type the id your gateway uses."
              error={errors.value.defaultModel}
            >
              <input
                {...fieldAria('default-model', true, errors.value.defaultModel)}
                list="model-choices"
                value={form.defaultModel.value}
                onInput={(e) => (form.defaultModel.value = e.currentTarget.value)}
              />
              <datalist id="model-choices">
                {MODEL_CHOICES.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {`${choice.label}: ${choice.hint}`}
                  </option>
                ))}
              </datalist>
            </Field>
            <div class="opt-actions">
              <button type="submit" class="primary" disabled={status.value.kind === 'saving'}>
                Save connection
              </button>
              {info.set && (
                <button type="button" class="danger" onClick={() => void removeKey()}>
                  Remove key
                </button>
              )}
              <span role="status" class={`form-status ${status.value.kind}`}>
                {status.value.text}
              </span>
            </div>
          </fieldset>
        </form>
        <ConnectionTest />
      </section>
      <SiteAccess />
    </>
  );
}
