import type { CmsAdapter, CardField } from '../../cms/adapter';
import { WriteCardDataSchema, type WriteCardData } from '../../tools/write-card';
import type { ApprovalRequest } from '../../run';
import { previewView } from '../../run';
import type { ToolRegistry } from '../../tools/registry';
import type { AnyTool, ToolContext } from '../../tools/tool';
import type { ApprovalCard, ConfigItem, FieldChange } from '../../shared/protocols/thread-protocol';
import { ArgumentCardSchema } from '../../shared/protocols/card-protocol';
import { logger } from '../../shared/log';
import { t } from '../../i18n';
import { toolLabel } from '../../tools/tool-words';

const log = logger('card-builder');

/** Turns a CMS field into the card's text pair; HTML keeps its rendered side for display. */
export function fieldChange(field: CardField): FieldChange {
  const text = (value: unknown) =>
    value === undefined || value === null
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  return {
    key: field.key,
    label: field.label,
    current: text(field.current.raw),
    proposed: text(field.proposed),
    currentRendered: field.format === 'html' ? field.current.rendered : undefined,
    format: field.format === 'html' ? 'html' : 'text',
  };
}

/**
 * Builds what the approval card shows (C1-C4, P2-P7) from the run loop's approval request,
 * asking the CMS adapter for the entity's current values, configuration proposals and
 * media names. A failure to enrich degrades to the argument list: the person still sees
 * exactly what the call carries.
 */
export async function buildApprovalCard(
  request: ApprovalRequest,
  ctx: ToolContext,
  adapter: CmsAdapter,
  registry: Pick<ToolRegistry, 'get' | 'validate'>,
): Promise<ApprovalCard> {
  const card = await buildOne(request, ctx, adapter, registry);
  if (request.batch.length === 0 && !request.batchStop) return card;
  // Issue 36 item 1: each later call shown with this one gets its own card, built the same way.
  const c = registry.get(request.tool)?.classification;
  card.careful = !c || c.destructive;
  card.batch = [];
  for (const member of request.batch) {
    const alone: ApprovalRequest = {
      ...request,
      ...member,
      canGrantOnce: false,
      editable: [],
      droppable: [],
      batch: [],
      waiting: [],
      edited: undefined,
      targetChanged: undefined,
      secondApprover: undefined,
    };
    delete alone.batchStop;
    card.batch.push({
      ...(await buildOne(alone, ctx, adapter, registry)),
      careful: member.careful,
    });
  }
  if (request.batchStop) {
    const stopped = registry.get(request.batchStop.tool);
    card.batchStop = {
      toolLabel: stopped ? toolLabel(stopped) : request.batchStop.tool,
      reason: request.batchStop.reason,
    };
  }
  return card;
}

async function buildOne(
  request: ApprovalRequest,
  ctx: ToolContext,
  adapter: CmsAdapter,
  registry: Pick<ToolRegistry, 'get' | 'validate'>,
): Promise<ApprovalCard> {
  const tool = registry.get(request.tool);
  const input = request.input as Record<string, unknown>;
  const preview = previewView(request, ctx.user, String(ctx.user.id), registry);
  const card: ApprovalCard = {
    recordId: request.recordId,
    payloadHash: request.payloadHash,
    shortHash: request.shortHash,
    toolName: request.tool,
    toolLabel: request.label,
    cardDescription: request.cardDescription,
    reason: request.reason,
    layout: 'args',
    args: Object.entries(input ?? {}).map(([key, value]) => ({ key, value })),
    preview: {
      state: preview.kind,
      lines: preview.kind === 'ok' ? preview.lines : [],
      notes: [preview.note],
    },
    canGrantThread: request.canGrantOnce,
    targetModified: request.targetModified,
    ...(request.editable.length > 0 ? { editable: request.editable } : {}),
    ...(request.droppable.length > 0 ? { droppable: request.droppable } : {}),
    ...(request.edited ? { edited: editedOf(request.edited) } : {}),
    waiting: request.waiting.length,
    expiresAt: request.expiresAt,
    // E4: a destructive call (a permanent delete) has no Undo; the card says so first. A
    // tool with its own argument card (a site's ability) cannot know: its notes say so.
    irreversible:
      tool?.classification?.destructive === true && !tool.argumentCard ? true : undefined,
    targetChanged: request.targetChanged
      ? {
          fields: request.targetChanged.settings ?? [],
          message: request.targetChanged.settings
            ? t('worker.card.settingsChanged')
            : t('worker.card.targetChanged'),
        }
      : undefined,
  };
  if (!tool) return card;
  try {
    if (tool.argumentCard) {
      const valid = registry.validate(request.tool, request.input);
      if (valid.ok) {
        card.argumentCard = ArgumentCardSchema.parse(await tool.argumentCard(valid.input, ctx));
      }
    }
    if (tool.proposeConfig) {
      const valid = registry.validate(request.tool, request.input);
      if (valid.ok) {
        card.layout = 'config';
        card.config = await tool.proposeConfig(ctx, valid.input);
        const left = await droppedConfig(ctx, tool, request);
        if (left.length > 0) card.droppedConfig = left;
      }
      return card;
    }
    // Issue 35 item 2: the card data the gate pass built with the preview, from its read;
    // a state saved before that kept none reads afresh.
    const write = request.preview?.card ?? (await freshCard(ctx, tool, request.input, registry));
    if (write) {
      card.layout = 'content';
      card.lands = write.lands;
      card.fields = write.fields.map(fieldChange);
      card.entity = {
        id: write.entity.ref?.id ?? 0,
        typeLabel: write.entity.typeLabel,
        title: write.entity.title,
        status: write.entity.status,
        link: write.entity.link,
      };
    }
    const dropped = request.edited?.dropped ?? [];
    if (write && dropped.length > 0) {
      // Item 3: the fields left as they are, shown as the agent proposed them (one more read).
      const back = Object.fromEntries(dropped.map((key) => [key, request.edited?.proposed[key]]));
      const full = await freshCard(ctx, tool, { ...input, ...back }, registry);
      const left = full?.fields.filter((field) => dropped.includes(field.key)) ?? [];
      card.droppedFields = left.map(fieldChange);
    }
    const media = await adapter.describeMediaArgs(ctx, tool, request.input);
    card.args = card.args.map((arg) => {
      const item = media[arg.key]?.[0];
      return item
        ? {
            ...arg,
            media: {
              id: item.id,
              name: item.title,
              mimeType: item.mimeType,
              thumbnailUrl: item.thumbnailUrl,
            },
          }
        : arg;
    });
  } catch (error) {
    log.warn(`card data for ${request.tool} could not be read; showing the arguments`, error);
  }
  try {
    card.editor = (await adapter.editorNotice(ctx, tool, request.input)) ?? undefined;
  } catch (error) {
    log.warn(`the open editors could not be asked about ${request.tool}`, error);
  }
  return card;
}

/** C1 read now: a tool's card data for an input, or null (no card, or not valid input). */
async function freshCard(
  ctx: ToolContext,
  tool: AnyTool,
  input: unknown,
  registry: Pick<ToolRegistry, 'validate'>,
): Promise<WriteCardData | null> {
  const valid = registry.validate(tool.name, input);
  if (!tool.card || !valid.ok) return null;
  return WriteCardDataSchema.parse(await tool.card(ctx, valid.input));
}

/**
 * Item 3 on a configuration card: the settings the person left as they are, shown as the
 * agent proposed them (what proposing them would change now).
 */
async function droppedConfig(
  ctx: ToolContext,
  tool: AnyTool,
  request: ApprovalRequest,
): Promise<ConfigItem[]> {
  const edited = request.edited;
  const dropped = edited?.dropped ?? [];
  if (!edited || dropped.length === 0 || !tool.proposeConfig) return [];
  const back = Object.fromEntries(dropped.map((key) => [key, edited.proposed[key]]));
  const all = await tool.proposeConfig(ctx, back).catch(() => []);
  return all.filter((item) => dropped.includes(item.key));
}

/** Issue 36: the model's proposal of each field the person edited, as the card shows it. */
function editedOf(edited: NonNullable<ApprovalRequest['edited']>): ApprovalCard['edited'] {
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return {
    fields: edited.fields,
    proposed: Object.fromEntries(edited.fields.map((key) => [key, text(edited.proposed[key])])),
    ...(edited.dropped.length > 0 ? { dropped: edited.dropped } : {}),
  };
}
