// Issue 37 item 3: the plugin answers each person in their own WordPress profile language. An
// editor whose profile is German gets German refusals from countersign/v1, naming the field,
// on a site whose language is English (WordPress itself would answer REST in the site's
// language); an English editor's same request stays English; a Hebrew editor reads Hebrew.
// The words come from the plugin's own languages/countersign-de_DE.mo and -he_IL.mo.
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type WpSession } from '../../support/wp-session';
import { api, clearTables, count, NS, php, record, seed, type ApiError } from './support';

const LOGIN = 'cs-locale-de';
const PASSWORD = 'locale-de-Pw-1!';
let german: WpSession;
let germanId = '';

/**
 * An editor of their own whose profile language is `locale` (the seeded users keep the site's
 * language for other tests); returns their id.
 */
async function editorIn(login: string, locale: string): Promise<string> {
  const id = (
    await php(`
      $user = get_user_by( 'login', '${login}' );
      $id = $user ? $user->ID : wp_insert_user( array( 'user_login' => '${login}', 'user_pass' => '${PASSWORD}', 'user_email' => '${login}@example.test', 'role' => 'editor' ) );
      wp_set_password( '${PASSWORD}', $id );
      update_user_meta( $id, 'locale', '${locale}' );
      echo $id;
    `)
  ).trim();
  expect(id).toMatch(/^\d+$/);
  return id;
}

beforeAll(async () => {
  await clearTables();
  germanId = await editorIn(LOGIN, 'de_DE');
  expect((await php('echo get_locale();')).trim()).toBe('en_US');
  german = await login(seed.origins.primary.url, LOGIN, PASSWORD);
});

/** A record with an unknown status, as someone's extension might send it. */
function badRecord(ownerId: string): unknown {
  const { owner: _owner, ...valid } = record('editor1');
  return { ...valid, id: `locale-${ownerId}-${Date.now()}`, status: 'done' };
}

describe('countersign/v1 answers in the requesting user’s language (issue 37 item 3)', () => {
  it('a German editor’s bad record is refused in German, naming the field', async () => {
    const res = await german.rest<ApiError>('POST', `${NS}/records/batch`, {
      records: [badRecord(germanId)],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('countersign_invalid_record');
    expect(res.body.data.field).toBe('status');
    expect(res.body.message).toMatch(
      /^Datensatz 0 \(ID „locale-[^“]+“\): „status“ muss einer dieser Werte sein: pending, approved, rejected, run, failed, refused, skipped, expired; erhalten: „done“\. Es wurde nichts geschrieben\.$/,
    );
    expect(await count('records')).toBe(0);
  });

  it('an English editor’s same request is refused in English', async () => {
    const res = await api<ApiError>('editor1', 'POST', '/records/batch', {
      records: [badRecord('editor1')],
    });
    expect(res.status).toBe(400);
    expect(res.body.data.field).toBe('status');
    expect(res.body.message).toMatch(
      /^Record 0 \(id "locale-[^"]+"\): "status" must be one of pending, .*; got "done"\. Nothing was written\.$/,
    );
  });

  it('the refusals of filters and permissions follow the user too', async () => {
    const window = await german.rest<ApiError>('GET', `${NS}/records?from=10&to=5`);
    expect(window.status).toBe(400);
    expect(window.body.data.field).toBe('from');
    expect(window.body.message).toBe('Der Filter wurde abgelehnt: „from“ liegt nach „to“.');

    const settings = await german.rest<ApiError>('GET', `${NS}/settings`);
    expect(settings.status).toBe(403);
    expect(settings.body.message).toBe(
      'Für die Countersign-Einstellungen brauchst du die Berechtigung manage_options.',
    );

    const english = await api<ApiError>('editor1', 'GET', '/records?from=10&to=5');
    expect(english.body.message).toBe('The filter was refused: "from" is after "to".');
  });

  it('a plural follows the German rule', async () => {
    const res = await german.rest<ApiError>('POST', `${NS}/records/batch`, {
      records: [badRecord(germanId), { ...(badRecord(germanId) as object), id: 'locale-second' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      / 2 Datensätze wurden abgelehnt; es wurde nichts geschrieben\.$/,
    );
  });

  it('a Hebrew editor reads the same refusals in Hebrew (he_IL)', async () => {
    await editorIn('cs-locale-he', 'he_IL');
    const person = await login(seed.origins.primary.url, 'cs-locale-he', PASSWORD);
    const window = await person.rest<ApiError>('GET', `${NS}/records?from=10&to=5`);
    expect(window.status).toBe(400);
    expect(window.body.data.field).toBe('from');
    expect(window.body.message).toBe('המסנן נדחה: "from" מאוחר יותר מ-"to".');
    const settings = await person.rest<ApiError>('GET', `${NS}/settings`);
    expect(settings.status).toBe(403);
    expect(settings.body.message).toBe('ההגדרות של Countersign מחייבות את ההרשאה manage_options.');
  });

  it('a signed-out request stays in the site’s language', async () => {
    const res = await api<ApiError>('anon', 'GET', '/records');
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/^Sign in to WordPress first/);
  });
});
