import type { AccessResult, ConfigChange } from '../../tools/tool';
import type { WpSession } from './session';
import { sanitizeSetting } from './settings-fields';
import { WpSettingsSchema } from './schemas/settings';
import { describeMedia } from './media-summary';
import { CmsHttpError } from '../http-error';
import { z } from 'zod';

/**
 * T4: for each setting the call would save, its current value and the value WordPress
 * would store, computed as `sanitize_option()` would, without changing anything.
 */
export async function proposeSettings(
  session: WpSession,
  values: Record<string, unknown>,
): Promise<ConfigChange[]> {
  const { data: current } = await session.client.get('wp/v2/settings', {
    schema: WpSettingsSchema,
  });
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, current: current[key], proposed: sanitizeSetting(key, value) }));
}

/**
 * Refuses values WordPress would quietly not store (an unknown timezone keeps the old
 * one) or that would break the site (a logo that is not an image, a front page that is
 * not a page), so a settings write is never half-applied.
 */
export async function checkSettingValues(
  session: WpSession,
  values: Record<string, unknown>,
): Promise<AccessResult> {
  const timezone = values['timezone'];
  if (typeof timezone === 'string' && timezone !== 'UTC' && !knownTimezone(timezone)) {
    return { ok: false, reason: `"${timezone}" is not a timezone WordPress knows.` };
  }
  for (const key of ['site_logo', 'site_icon']) {
    const id = values[key];
    if (typeof id !== 'number' || id === 0) continue;
    const [media] = await describeMedia(session, [id]);
    if (!media?.mimeType.startsWith('image/')) {
      return { ok: false, reason: `${key}: there is no image with id ${id}.` };
    }
  }
  for (const key of ['page_on_front', 'page_for_posts']) {
    const id = values[key];
    if (typeof id === 'number' && id !== 0 && !(await publishedPage(session, id))) {
      return { ok: false, reason: `${key}: there is no published page with id ${id}.` };
    }
  }
  return { ok: true };
}

function knownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function publishedPage(session: WpSession, id: number): Promise<boolean> {
  try {
    const { data } = await session.client.get(`wp/v2/pages/${id}`, {
      schema: z.looseObject({ status: z.string() }),
      query: { _fields: 'status' },
    });
    return data.status === 'publish';
  } catch (error) {
    if (error instanceof CmsHttpError && ['not-found', 'forbidden'].includes(error.kind)) {
      return false;
    }
    throw error;
  }
}
