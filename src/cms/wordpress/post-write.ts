import type { WriteCardData } from '../adapter';
import type { AccessResult, CallFacts, ToolContext } from '../../tools/tool';
import { sessionOf, type WpSession } from './session';
import {
  entityPath,
  readForEdit,
  requireForEdit,
  type EditableEntity,
  type EntityRead,
} from './entity';
import { checkPostValues, startValueReads, type PostValues, type ValueReads } from './post-checks';
import { cardEntity, changedFields, valuesOf } from './card-data';
import { changeLine } from './preview-lines';
import { isDraftStatus } from './draft';
import { WpPostSchema, type WpPost } from './schemas/post';
import { checkFormats, type WithFormatFields } from './formats/check-formats';
import { POST_HTML, TITLE_HTML } from './formats/kses-rules';
import { checkWholeState } from './whole-state';
import { InputError } from '../../shared/errors';
import { waitForEditorSaves, writeThroughEditors } from './editor/editor-write';
import { t } from '../../i18n';

/** The input of a tool that writes one existing entity. */
export type EntityWriteInput = { type: string; id: number } & PostValues;

/**
 * `Tool.readTarget` of a tool that writes one existing entry: the entry read for edit,
 * once per gate pass, for `entityFacts` and the tool's `access()` (G5) alike.
 */
export function readEntityTarget(
  ctx: ToolContext,
  { type, id }: { type: string; id: number },
): Promise<EntityRead> {
  return readForEdit(sessionOf(ctx), type, id);
}

/** A patch's or replace's read of the entry, with the reads that check its values. */
export type EntityWriteTarget = EntityRead & { valueReads?: ValueReads };

/**
 * `Tool.readTarget` of a patch or replace: the entry read for edit and, beside it, the
 * reads that check the values (terms, featured image) that `access()` awaits, so a gated
 * write costs one round trip of reads, not two.
 */
export async function readEntityWriteTarget(
  ctx: ToolContext,
  input: EntityWriteInput,
): Promise<EntityWriteTarget> {
  const session = sessionOf(ctx);
  const valueReads = startValueReads(session, valuesOf(input));
  const read = await readForEdit(session, input.type, input.id);
  return { ...read, valueReads };
}

/**
 * Facts for the gate and `draft()` (T2, G13) from the pass's read of the entry: its status,
 * author and modified time (none when the entry cannot be edited: `access()` refuses it).
 */
export function entityFacts(read: EntityRead): Promise<CallFacts> {
  if (!read.ok) return Promise.resolve({});
  const { post } = read;
  return Promise.resolve({
    entity: {
      id: post.id,
      type: post.type,
      status: post.status,
      authorId: post.author,
      modified: post.modified_gmt ?? post.modified,
    },
  });
}

/**
 * G5 for a patch or replace, on the pass's read of the entry: WordPress lets the account
 * edit it (the read was answered for edit), and every value can land.
 */
export async function entityWriteAccess(
  ctx: ToolContext,
  input: EntityWriteInput,
  read: EntityWriteTarget,
): Promise<AccessResult> {
  if (!read.ok) return read;
  return checkPostValues(sessionOf(ctx), read.type, valuesOf(input), read.post, read.valueReads);
}

/**
 * Sends values to an entity and answers the stored post (context=edit: raw values). This is
 * the one write path of every post tool (and of publishing): when the entry is open in a
 * block editor of the same person, the editor is brought to what WordPress stored (E1,
 * `editor/editor-write.ts`) and the outcome rides on the answer for `writeResult`.
 */
export async function savePost(
  session: WpSession,
  path: string,
  body: Record<string, unknown>,
): Promise<WpPost> {
  const ref = refOfPath(path);
  const before = ref ? await waitForEditorSaves(session, ref) : [];
  const { data } = await session.client.request('POST', path, {
    schema: WpPostSchema,
    query: { context: 'edit' },
    body,
  });
  if (ref) await writeThroughEditors(session, path, data, body, before);
  return data;
}

/** `wp/v2/<base>/<id>` names an existing entity; a create posts to the collection. */
function refOfPath(path: string): { type: string; id: number } | null {
  const match = /\/(\d+)$/.exec(path);
  return match ? { type: '', id: Number(match[1]) } : null;
}

/**
 * The entry a card, a preview or a write works on: the gate pass's read of it
 * (`Tool.readTarget`) when the run loop hands one over, else read now. A read that found no
 * entry the account may edit throws its reason, as a fresh read would.
 */
export async function entityNow(
  ctx: ToolContext,
  input: { type: string; id: number },
  target?: EntityRead,
): Promise<EditableEntity> {
  if (!target) return requireForEdit(sessionOf(ctx), input.type, input.id);
  if (!target.ok) throw new InputError(target.reason);
  return { type: target.type, post: target.post };
}

/** What a write card adds to the changed fields, and the status the entry lands in. */
export interface WriteCardOptions {
  extra?: (entity: EditableEntity) => WriteCardData['fields'];
  nextStatus?: string;
  /** The gate pass's read of the entry: the card is built without another read. */
  target?: EntityRead;
}

/** C1 for a write to an existing entity: type, title, and each changed field. */
export async function entityWriteCard(
  ctx: ToolContext,
  input: EntityWriteInput,
  { extra = () => [], nextStatus, target }: WriteCardOptions = {},
): Promise<WriteCardData> {
  const entity = await entityNow(ctx, input, target);
  return {
    entity: cardEntity(entity),
    fields: [...changedFields(valuesOf(input), entity), ...extra(entity)],
    lands:
      isDraftStatus(entity.post.status) && isDraftStatus(nextStatus ?? entity.post.status)
        ? 'draft'
        : 'live',
  };
}

/** P1: what a patch or replace would replace, one line per field. */
export async function entityWritePreview(
  ctx: ToolContext,
  input: EntityWriteInput,
  target?: EntityRead,
): Promise<string[]> {
  const card = await entityWriteCard(ctx, input, { target });
  const { entity } = card;
  const words = { type: entity.typeLabel, title: entity.title, status: String(entity.status) };
  const head =
    card.lands === 'live'
      ? t('worker.preview.headLive', words)
      : t('worker.preview.headDraft', words);
  return [head, ...card.fields.map((f) => changeLine(f.label, f.current.raw, f.proposed))];
}

/**
 * The REST path of the entity an input names (after access() resolved it), from the
 * approve pass's read when the run loop hands it over (G13: the read right before the write).
 */
export async function pathOf(
  ctx: ToolContext,
  input: { type: string; id: number },
  target?: EntityRead,
) {
  const entity = await entityNow(ctx, input, target);
  return { entity, path: entityPath(entity.type, input.id) };
}

/** The kses lists of the post content fields (G10). */
export const POST_FORMAT_FIELDS = { title: TITLE_HTML, content: POST_HTML, excerpt: POST_HTML };

/**
 * G10 for a write to an existing entry: what title, content and excerpt the save would
 * hold. WordPress re-filters all three on every save by an account without
 * unfiltered_html, so markup someone else put there would be stripped too.
 */
export async function entityFormatValues(
  ctx: ToolContext,
  input: { type: string; id: number } & PostValues,
  read?: EntityRead,
): Promise<Record<string, unknown>> {
  const entry = read ?? (await readEntityTarget(ctx, input));
  if (!entry.ok) throw new InputError(entry.reason);
  const { post } = entry;
  return {
    title: input.title ?? post.title?.raw ?? '',
    content: input.content ?? post.content?.raw ?? '',
    excerpt: input.excerpt ?? post.excerpt?.raw ?? '',
  };
}

/** The G10 hooks of a tool that writes an existing entry. */
export const ENTITY_FORMATS = {
  formatFields: POST_FORMAT_FIELDS,
  formatValues: entityFormatValues,
} satisfies WithFormatFields;

/** The G10 hooks of a tool that creates an entry: only its own values are saved. */
export const NEW_ENTITY_FORMATS = { formatFields: POST_FORMAT_FIELDS } satisfies WithFormatFields;

/**
 * Re-checks G10 (and, for a whole-state write, G9) right before saving: the run loop
 * checked them before the card, and the account or the entry may have changed since.
 * `target` is the approve pass's read of the entry, when the run loop hands it over.
 */
export async function assertGuards(
  ctx: ToolContext,
  input: Record<string, unknown>,
  formats: WithFormatFields,
  whole?: { name: string; current: Record<string, unknown> },
  target?: EntityRead,
): Promise<void> {
  const format = await checkFormats(ctx, { name: 'write', ...formats }, input, target);
  if (!format.ok) throw new InputError(format.message);
  if (!whole) return;
  const tool = {
    name: whole.name,
    classification: { kind: 'write', destructive: false, whole: true },
  } as const;
  const state = checkWholeState(tool, input, whole.current);
  if (!state.ok) throw new InputError(state.message);
}

export { writeResult, type WriteAction } from './write-result';
