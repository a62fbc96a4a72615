import { hintOf } from '../../panel/thread/model-picker';
import { useEffect } from 'preact/hooks';
import { MODEL_CHOICES } from '../../../settings/model-choices';
import { ConnectionTest } from './connection-test';
import {
  errors,
  form,
  keyInfo,
  loadConnection,
  loaded,
  modelSource,
  removeKey,
  saveConnection,
  status,
} from './connection-model';
import { Field, fieldAria, focusFirstInvalid } from '../field';
import { SiteAccess } from './site-access';
import { MODEL_SOURCES } from '../../../settings/connection-schema';
import { t } from '../../../i18n';

/** Issue 7 item 1: the API connection (R4, S3) and the sites Countersign may act on. */
export function ConnectionSection() {
  useEffect(() => void loadConnection(), []);
  const info = keyInfo.value;
  // The masked key sits inside the sentence, wherever the language puts it.
  const [before, after] = t('options.connection.keySaved', { masked: '\u0000' }).split('\u0000');
  const keyHint = info.set ? (
    <>
      {before}
      <code data-testid="masked-key" data-i18n-exempt="the saved key, masked">
        {info.masked}
      </code>
      {after}
    </>
  ) : (
    t('options.connection.keyNone')
  );
  const onSubmit = (event: Event) => {
    event.preventDefault();
    void saveConnection().then(focusFirstInvalid);
  };
  return (
    <>
      <section class="opt-card" aria-labelledby="connection-title">
        <h2 id="connection-title">{t('options.connection.title')}</h2>
        <form onSubmit={onSubmit} noValidate aria-busy={!loaded.value}>
          <fieldset class="opt-fieldset" disabled={!loaded.value}>
            <fieldset class="opt-choices" aria-describedby="model-source-hint">
              <legend>{t('options.connection.sourceLabel')}</legend>
              {MODEL_SOURCES.map((source) => (
                <label key={source} class="opt-choice">
                  <input
                    type="radio"
                    name="model-source"
                    value={source}
                    checked={modelSource.value === source}
                    onChange={() => (modelSource.value = source)}
                  />
                  <span>{t(`options.connection.source.${source}`)}</span>
                </label>
              ))}
              <p id="model-source-hint" class="opt-hint">
                {t(`options.connection.source.${modelSource.value}Hint`)}
              </p>
            </fieldset>
            {modelSource.value === 'own-key' && (
              <>
                <Field
                  id="api-key"
                  label={t('options.connection.keyLabel')}
                  hint={keyHint}
                  error={errors.value.apiKey}
                >
                  <input
                    {...fieldAria('api-key', keyHint, errors.value.apiKey)}
                    type="password"
                    autocomplete="off"
                    spellcheck={false}
                    placeholder={info.set ? t('options.connection.keyReplace') : 'sk-ant-…'}
                    data-i18n-label={info.set ? undefined : 'exempt'}
                    value={form.apiKey.value}
                    onInput={(e) => (form.apiKey.value = e.currentTarget.value)}
                  />
                </Field>
                <Field
                  id="api-base-url"
                  label={t('options.connection.baseUrlLabel')}
                  hint={t('options.connection.baseUrlHint')}
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
              </>
            )}
            <Field
              id="default-model"
              label={t('options.connection.modelLabel')}
              hint={t('options.connection.modelHint')}
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
                    {t('options.connection.modelChoice', {
                      label: choice.label,
                      hint: hintOf(choice),
                    })}
                  </option>
                ))}
              </datalist>
            </Field>
            <div class="opt-actions">
              <button type="submit" class="primary" disabled={status.value.kind === 'saving'}>
                {t('options.connection.save')}
              </button>
              {info.set && (
                <button type="button" class="danger" onClick={() => void removeKey()}>
                  {t('options.connection.removeKey')}
                </button>
              )}
              <span role="status" class={`form-status ${status.value.kind}`}>
                {status.value.text}
              </span>
            </div>
          </fieldset>
        </form>
        {modelSource.value === 'own-key' && <ConnectionTest />}
      </section>
      <SiteAccess />
    </>
  );
}
