import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { Panel } from './pages/panel';
import { answerPermissionPrompt, screenBaseline } from './support/native-prompt';

// 127.0.0.2 serves the same WordPress on an origin the extension was not granted at install.
test.use({ headful: true });

test('granting a new site from the panel lets Countersign read it', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const admin = new WpAdmin(await context.newPage(), seed, 'secondary');
  await admin.login('admin');
  await admin.open('index.php');
  const panel = await Panel.openFor(context, serviceWorker, extensionId, admin.page);
  await expect(panel.state('not-granted')).toBeVisible();
  await panel.page.screenshot({ path: testInfo.outputPath('not-granted.png') });

  const grant = panel.page.getByRole('button', { name: /Grant access to 127\.0\.0\.2/ });
  const waitForPrompt = screenBaseline();
  await grant.click();
  await answerPermissionPrompt(waitForPrompt, 'allow');

  await expect(panel.userRole).toHaveText('Administrator');
  await expect(panel.page.getByTestId('site')).toHaveText(new URL(seed.origins.secondary.url).host);
  const origin = new URL(seed.origins.secondary.url).origin;
  const { origins } = await serviceWorker.evaluate(() => chrome.permissions.getAll());
  expect(origins).toContain(`${origin}/*`);
  await panel.page.screenshot({ path: testInfo.outputPath('granted.png') });
});

test('declining the grant keeps the site out of reach and says so', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const admin = new WpAdmin(await context.newPage(), seed, 'secondary');
  await admin.login('editor1');
  const panel = await Panel.openFor(context, serviceWorker, extensionId, admin.page);
  const waitForPrompt = screenBaseline();
  await panel.page.getByRole('button', { name: /Grant access/ }).click();
  await answerPermissionPrompt(waitForPrompt, 'deny');
  await expect(panel.page.getByRole('alert')).toContainText('was not granted');
  await expect(panel.state('not-granted')).toBeVisible();
});
