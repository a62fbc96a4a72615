import { describe, expect, it } from 'vitest';
import { previewTexts, targetChangedText, waitingText } from '../../../src/cards/card-texts';
import { threadConfigChanges } from '../../../src/cards/view-config-changes';
import { shortValue } from '../../../src/cards/format-value';
import { renderedDiffHtml } from '../../../src/cards/html-diff';
import { configCard, contentCard, draftResult } from '../../support/panel-fixtures/sample-cards';

describe('rendered HTML diff', () => {
  it('marks removed and added words inside the proposed structure', () => {
    expect(renderedDiffHtml('<p>Hello old world</p>', '<p>Hello <em>new</em> world</p>')).toBe(
      '<p>Hello <del>old</del><em><ins>new</ins></em> world</p>',
    );
  });

  it("turns the content's own ins/del into spans so they cannot pose as marks", () => {
    const html = renderedDiffHtml('<p>a</p>', '<p>a <del>fake</del></p>')!;
    expect(html).not.toMatch(/<del>fake/);
    expect(html).toContain('<span>');
  });
});

describe('card texts', () => {
  it('G6: says how many calls wait behind the card', () => {
    expect(waitingText(0)).toBeUndefined();
    expect(waitingText(1)).toBe('1 more call waits behind this one.');
    expect(waitingText(3)).toBe('3 more calls wait behind this one.');
  });

  it('G13: names the changed fields and asks again', () => {
    const text = targetChangedText({
      ...contentCard,
      targetChanged: { fields: ['Title'], message: '' },
    });
    expect(text).toBe(
      'The post changed since this card was built: Title. Review the refreshed values and approve again.',
    );
  });

  it('P3, P7: falls back to the standard texts when the card has no note', () => {
    expect(previewTexts({ state: 'failed', lines: [], notes: [] }).notes).toEqual([
      'No preview: you are deciding without one',
    ]);
    expect(previewTexts({ state: 'withheld', lines: ['secret'], notes: [] })).toEqual({
      lines: [],
      notes: ['The preview is withheld: you may not read what this call would replace.'],
    });
    expect(previewTexts(configCard.preview).notes).toEqual([
      'No preview: you are deciding without one',
    ]);
  });

  it('cuts long argument values and says how much is left', () => {
    const long = 'word '.repeat(200);
    const value = shortValue(long);
    expect(value.text.length).toBeLessThanOrEqual(281);
    expect(value.rest).toBe(long.length - value.text.length + 1);
    expect(shortValue({ a: 1 }).text).toBe('{ "a": 1 }');
  });

  it('A6: gathers the settings a thread changed from its result cards', () => {
    const changes = threadConfigChanges([
      { kind: 'user', id: 'u', text: 'x', at: 0 },
      { kind: 'result', id: 'r', card: draftResult },
    ]);
    expect(changes).toEqual([
      { recordId: 'rec-draft', toolLabel: 'Create draft', items: draftResult.configChanges },
    ]);
  });
});
