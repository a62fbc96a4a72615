import { execFileSync } from 'node:child_process';

/**
 * Answers Chromium's own permission prompt ("Allow" / "Deny"), which no page, CDP or
 * Playwright API can reach. It needs a real window: Xvfb plus xdotool, with ImageMagick's
 * `import` to see when the prompt is up (it dims the page under it). Focus starts on
 * "Deny"; Tab moves it to "Allow". If Chromium changes that order, the grant test fails
 * on the permission check rather than passing wrongly.
 */
function pixel(x: number, y: number): [number, number, number] {
  const out = execFileSync('import', [
    '-window',
    'root',
    '-crop',
    `1x1+${x}+${y}`,
    '-depth',
    '8',
    'txt:-',
  ]).toString();
  const m = out.match(/\((\d+),(\d+),(\d+)/);
  if (!m) throw new Error(`could not read the screen pixel: ${out}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const brightness = ([r, g, b]: [number, number, number]) => r + g + b;

/** Takes the reading to compare with, before the click that opens the prompt. */
export function screenBaseline(x = 200, y = 600): () => Promise<void> {
  if (!process.env.DISPLAY)
    throw new Error(
      'the native permission prompt needs a display (a headful test gets its own Xvfb)',
    );
  const before = brightness(pixel(x, y));
  return async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (brightness(pixel(x, y)) < before - 60) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("Chromium's permission prompt did not appear");
  };
}

/** Waits for the prompt, lets its buttons enable (anti-clickjacking delay), answers it. */
export async function answerPermissionPrompt(
  waitForPrompt: () => Promise<void>,
  answer: 'allow' | 'deny',
): Promise<void> {
  await waitForPrompt();
  await new Promise((r) => setTimeout(r, 800));
  execFileSync('xdotool', answer === 'allow' ? ['key', 'Tab', 'Return'] : ['key', 'Return']);
}
