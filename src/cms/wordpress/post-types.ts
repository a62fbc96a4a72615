import { InputError } from '../../shared/errors';
import { CmsHttpError } from '../http-error';
import type { WpSession } from './session';
import { WpTypeMapSchema, type WpType } from './schemas/type';

/** Types whose REST controller is not the posts controller: the post tools cannot write them. */
const NOT_POST_LIKE = new Set([
  'attachment',
  'nav_menu_item',
  'wp_template',
  'wp_template_part',
  'wp_global_styles',
]);

/** A post type as the adapter uses it. `caps` is null when the account cannot edit the type. */
export interface WpTypeInfo {
  slug: string;
  restBase: string;
  label: string;
  pluralLabel: string;
  /** Capability names of the type (`edit_others_posts` → `edit_others_pages` for pages). */
  caps: Record<string, string> | null;
  supports: Record<string, unknown>;
  taxonomies: string[];
  /** Whether the post tools may write this type (a posts-controller type). */
  postLike: boolean;
}

/**
 * Every REST-visible post type, with the capabilities of those the account may edit.
 * `types?context=edit` lists only the types whose `edit_posts` capability the account has,
 * so a type missing from it is one the account cannot edit at all. Cached per session.
 */
export function listTypes(session: WpSession): Promise<WpTypeInfo[]> {
  return session.cached('types', async () => {
    const [visible, editable] = await Promise.all([
      session.client.get('wp/v2/types', { schema: WpTypeMapSchema }),
      session.client
        .get('wp/v2/types', { schema: WpTypeMapSchema, query: { context: 'edit' } })
        .catch((error: unknown) => {
          // A subscriber may edit no type at all: WordPress then refuses the whole list.
          if (error instanceof CmsHttpError && error.kind === 'forbidden') {
            return { data: {} as Record<string, WpType> };
          }
          throw error;
        }),
    ]);
    return Object.values(visible.data).map((type) => toInfo(type, editable.data[type.slug]));
  });
}

function toInfo(type: WpType, editable: WpType | undefined): WpTypeInfo {
  return {
    slug: type.slug,
    restBase: type.rest_base,
    label: editable?.labels?.singular_name ?? singular(type.name),
    pluralLabel: type.name,
    caps: editable?.capabilities ?? null,
    supports: editable?.supports ?? {},
    taxonomies: type.taxonomies ?? [],
    postLike: !NOT_POST_LIKE.has(type.slug) && (type.rest_namespace ?? 'wp/v2') === 'wp/v2',
  };
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

/** The type with this slug, or an input error listing the types that exist. */
export async function resolveType(session: WpSession, slug: string): Promise<WpTypeInfo> {
  const types = await listTypes(session);
  const found = types.find((type) => type.slug === slug);
  if (found) return found;
  const known = types
    .filter((type) => type.postLike)
    .map((type) => type.slug)
    .join(', ');
  throw new InputError(`There is no post type "${slug}" on this site. Post types: ${known}.`);
}

/** The capability name a type uses for a primitive (`publish_posts` → `publish_pages`). */
export function typeCap(type: WpTypeInfo, primitive: string): string | undefined {
  return type.caps?.[primitive];
}
