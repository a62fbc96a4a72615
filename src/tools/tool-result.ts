import type { EditorResult } from '../shared/protocols/editor-protocol';

/** R3: one entry a result lists, opened in the admin tab (`href` is relative to its admin). */
export interface ResultLink {
  label: string;
  detail: string;
  href: string;
}

/**
 * What the panel shows of a result beside its summary (issue 15 item 3): structured, so
 * nothing is ever parsed back from the text the model reads. Validated where it is stored
 * (`ResultDisplaySchema`).
 */
export interface ResultDisplay {
  /** The entity the call wrote: its result card names it and asks the CMS about it (C5). */
  entity?: { type: string; id: number };
  /** R3: entries to open, e.g. search results. */
  links?: ResultLink[];
  /**
   * The links' heading in the person's language (issue 37); without it the panel shows the
   * summary, which is written for the model.
   */
  title?: string;
  /**
   * What the tool did, in the person's language (issue 37), for the tool row; without it the
   * row shows the first line of the summary, which is written for the model.
   */
  summary?: string;
  /** E1: what became of an editor open on the written entity. */
  editor?: EditorResult;
  /**
   * What a site's ability answered, as JSON text (bounded): the person may open it under the
   * tool row. It is the site's data, shown as text, never as markup.
   */
  answer?: string;
}

/**
 * What a successful execution returns: a summary for the record and the model, data for
 * the model, and what the panel shows (`display`).
 */
export interface ToolResult {
  summary: string;
  data: unknown;
  display?: ResultDisplay;
  /** Words that other people may have written reached the thread (R6). */
  untrusted?: boolean;
  /**
   * E4: what the write changed (the entity, its fields and status before and after), so
   * its result card can offer Undo. The audit record keeps it (validated on write and read).
   */
  undo?: unknown;
}
