import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readUiLanguage, writeUiLanguage } from '../../../src/settings/ui-language';

describe('issue 37: the language choice', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is "follow the browser" until the person chooses', async () => {
    expect(await readUiLanguage()).toBe('auto');
    await writeUiLanguage('de');
    expect(await readUiLanguage()).toBe('de');
  });

  it('reads anything a page or an old version left there as "follow the browser"', async () => {
    for (const junk of ['xx', '<b>de</b>', 42, { de: true }, null]) {
      await chrome.storage.local.set({ uiLanguage: junk });
      expect(await readUiLanguage()).toBe('auto');
    }
  });

  it('refuses to store a language Countersign does not speak, naming the field', async () => {
    await expect(writeUiLanguage('tlh')).rejects.toThrow(/^Language: "tlh"/);
    expect(await readUiLanguage()).toBe('auto');
  });
});
