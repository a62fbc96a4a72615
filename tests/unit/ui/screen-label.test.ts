// The panel names the admin screen from the page context alone: WordPress's screens through
// its adapter's reading (`wordpressScreen`), another CMS's through its own (issue 35 item 5).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageLanguages } from '../support/languages';
import { setLocale } from '../../../src/i18n';
import { wordpressScreen } from '../../../src/cms/wordpress/screen';
import { screenLabel } from '../../../src/ui/panel/screen-label';
import { screenOf } from '../../../src/background/screen-phrase';
import type { PageContext } from '../../../src/shared/protocols/page-context';

beforeAll(pageLanguages);
afterEach(() => setLocale('en'));

function context(
  screen: PageContext['screen'],
  editor: PageContext['editor'] = 'none',
): PageContext {
  return {
    cms: 'x',
    origin: 'https://site.test',
    siteUrl: 'https://site.test/',
    adminUrl: 'https://site.test/admin/',
    restRoot: 'https://site.test/api/',
    tokenUrl: 'https://site.test/token',
    userId: 1,
    screen,
    editor,
  };
}

const wp = (pagenow: string, typenow = '', editor: PageContext['editor'] = 'none') =>
  context(wordpressScreen({ pagenow, typenow }, editor), editor);

describe('the screen the person is on, in words', () => {
  it("WordPress's screens as people know them", () => {
    expect(screenLabel(wp('dashboard'))).toBe('Dashboard');
    expect(screenLabel(wp('upload'))).toBe('Media library');
    expect(screenLabel(wp('edit-comments'))).toBe('Comments');
    expect(screenLabel(wp('options-reading'))).toBe('Reading settings');
    expect(screenLabel(wp('edit-post', 'post'))).toBe('Post list');
    expect(screenLabel(wp('edit-page', 'page'))).toBe('Page list');
    expect(screenLabel(wp('options-general'))).toBe('General settings');
    expect(screenLabel(wp('post', 'post', 'block'))).toBe('Editing post (block editor)');
    expect(screenLabel(wp('edit-product', 'product'))).toBe('product list');
    expect(screenLabel(wp('post', 'page', 'block'))).toBe('Editing page (block editor)');
    expect(screenLabel(wp('post', 'post', 'classic'))).toBe('Editing post (classic editor)');
    // A screen with no name people know: WordPress's own.
    expect(screenLabel(wp('tools'))).toBe('tools');
    expect(screenLabel(wp('constructor'))).toBe('constructor');
    setLocale('de');
    expect(screenLabel(wp('upload'))).toBe('Mediathek');
  });

  it("another CMS's screens from its own reading", () => {
    expect(screenLabel(context({ id: 'notes', view: 'list', contentType: 'note' }))).toBe(
      'note list',
    );
    expect(
      screenLabel(context({ id: 'home', view: 'other', contentType: '', named: 'dashboard' })),
    ).toBe('Dashboard');
  });

  it("the model's screen line names the CMS's own screen and its content type", () => {
    expect(screenOf(wp('edit-post', 'post'))).toBe('edit-post (post)');
    expect(screenOf(wp('dashboard'))).toBe('dashboard');
  });
});
