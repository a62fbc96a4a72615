import type { ActingUser } from '../../tools/tool';
import type { ToolSource } from '../deps';
import type { OfferedCall } from '../events';

/** P4: what every card with a preview says about it. */
export const PREVIEW_CAPTURED_NOTE =
  'Captured when the run paused: the target may have changed since.';
/** P3, P6: what a card says when it has no usable preview. */
export const NO_PREVIEW_NOTE = 'No preview: you are deciding without one';
/** P7: what a card says when the viewer may not read the preview. */
export const PREVIEW_WITHHELD_NOTE =
  'The preview is withheld: you may not read what this call would replace.';

/** How a card shows an offered call's preview to one viewer (the thread protocol's states). */
export type PreviewView =
  | { kind: 'ok'; lines: string[]; note: typeof PREVIEW_CAPTURED_NOTE }
  | { kind: 'failed'; errorClass: string; note: typeof NO_PREVIEW_NOTE }
  | { kind: 'none'; note: typeof NO_PREVIEW_NOTE }
  | { kind: 'withheld'; note: typeof PREVIEW_WITHHELD_NOTE };

/**
 * P3, P4, P6, P7: the preview of an offered call as `viewer` may see it. The run owner
 * sees it; anyone else only when the tool says `mayViewerReadPreview`. Fails closed when
 * the viewer, the tool or its preview contract cannot be resolved. A failed or missing
 * preview says the person decides without one; a failed one names only the error class.
 */
export function previewView(
  offered: OfferedCall,
  viewer: ActingUser | null,
  ownerUserId: string,
  registry: Pick<ToolSource, 'get' | 'validate'>,
): PreviewView {
  const preview = offered.preview;
  if (!preview) return { kind: 'none', note: NO_PREVIEW_NOTE };
  if (preview.failed) {
    return { kind: 'failed', errorClass: preview.failed.errorClass, note: NO_PREVIEW_NOTE };
  }
  if (!viewer) return { kind: 'withheld', note: PREVIEW_WITHHELD_NOTE };
  if (String(viewer.id) !== ownerUserId && !mayRead(offered, viewer, registry)) {
    return { kind: 'withheld', note: PREVIEW_WITHHELD_NOTE };
  }
  return { kind: 'ok', lines: preview.lines, note: PREVIEW_CAPTURED_NOTE };
}

function mayRead(
  offered: OfferedCall,
  viewer: ActingUser,
  registry: Pick<ToolSource, 'get' | 'validate'>,
): boolean {
  const tool = registry.get(offered.tool);
  if (!tool?.preview || !tool.mayViewerReadPreview) return false;
  const valid = registry.validate(offered.tool, offered.input);
  if (!valid.ok) return false;
  try {
    return tool.mayViewerReadPreview(viewer, valid.input) === true;
  } catch {
    return false;
  }
}
