import { test, expect } from './fixtures';
import { OptionsPage } from './pages/options';
import { WpAdmin } from './pages/wp-admin';

// The rules page as an admin reads it on a plain laptop screen: every mode a site rule can
// have is readable in full, and the save bar that stays at the bottom never hides the tool
// row the keyboard is on.
test("the site rules' choices are not cut off and the save bar covers none of the site's rules", async ({
  context,
  extensionId,
  seed,
}, testInfo) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('admin', 'edit.php');
  const options = await OptionsPage.open(context, extensionId, 'rules');
  await options.page.setViewportSize({ width: 1280, height: 720 });
  const panel = options.page.getByTestId('site-rules');
  await expect(panel.getByTestId('site-policy-version')).toBeVisible();
  const selects = panel.getByRole('combobox');
  expect(await selects.count()).toBeGreaterThan(3);

  // The text of each choice, as wide as the font draws it, fits the closed dropdown.
  const cut = await selects.evaluateAll((elements) => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return ['no canvas'];
    const out: string[] = [];
    for (const el of elements as HTMLSelectElement[]) {
      const style = getComputedStyle(el);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 18;
      for (const option of el.options) {
        if (option.disabled) continue;
        if (ctx.measureText(option.text).width > room) out.push(`${el.id}: ${option.text}`);
      }
    }
    return out;
  });
  expect(cut).toEqual([]);
  await panel.screenshot({ path: testInfo.outputPath('site-rules-panel.png') });

  // At the top of the page the site's rules are in view: the browser's save bar, which
  // stays at the bottom of the window while its own tool list is in view, covers none of them.
  await options.page.evaluate(() => window.scrollTo(0, 0));
  const bar = await options.page.getByTestId('rules-save-bar').boundingBox();
  const rows = await panel.locator('.site-rule').evaluateAll((elements) =>
    elements.map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.getAttribute('data-testid') ?? '', top: r.top, bottom: r.bottom };
    }),
  );
  const covered = rows.filter(
    (r) => bar && r.top < bar.y + bar.height && r.bottom > bar.y && r.top < 720,
  );
  await options.page.screenshot({ path: testInfo.outputPath('rules-top.png') });
  expect(covered.map((r) => r.id)).toEqual([]);
});
