// Issue 37 item 4: the agent is told the person's language, read from their WordPress profile
// (users/me `locale`: their own choice, or the site's language when they chose none).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCapabilities } from '../../../src/cms/wordpress/capabilities';
import { WpSession } from '../../../src/cms/wordpress/session';
import { REPO_ROOT } from '../../support/wp-env';
import { as, seed } from './support';

const run = promisify(execFile);

async function setLocale(login: string, locale: string): Promise<void> {
  const code =
    locale === ''
      ? `delete_user_meta(get_user_by('login', '${login}')->ID, 'locale');`
      : `update_user_meta(get_user_by('login', '${login}')->ID, 'locale', '${locale}');`;
  await run('php', [
    join(REPO_ROOT, 'scripts/wp-stack/eval.php'),
    seed.dir,
    String(seed.port),
    code,
  ]);
}

/** The person as a fresh session reads them (capabilities are cached per session). */
async function personOf(key: 'author1' | 'admin') {
  const { session } = await as(key);
  const fresh = new WpSession({ client: session.client, adminUrl: seed.origins.primary.adminUrl });
  return loadCapabilities(fresh);
}

afterAll(() => setLocale(seed.users.author1.login, ''));

describe("the person's language from their WordPress profile (issue 37 item 4)", () => {
  it('a German profile (formal) is German, addressed formally', async () => {
    await setLocale(seed.users.author1.login, 'de_DE_formal');
    expect(await personOf('author1')).toMatchObject({ language: 'de-DE', formal: true });
  });

  it("a profile with no language of its own follows the site's (English here)", async () => {
    await setLocale(seed.users.author1.login, '');
    const person = await personOf('author1');
    expect(person.language).toBe('en-US');
    expect(person.formal).toBeUndefined();
  });

  it('a locale that is not one never becomes a language', async () => {
    await setLocale(seed.users.author1.login, 'xx<b>');
    expect((await personOf('author1')).language).toBeUndefined();
  });
});
