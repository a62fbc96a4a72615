import { t } from '../../i18n';
import { CountersignError } from '../../shared/errors';
import { ThreadViewSchema, type ThreadView } from '../../shared/protocols/thread-protocol';
import { formatFieldPath } from '../../tools/field-path';

/**
 * The stored thread-view format this code writes. Version 1 is the view as stored before
 * views carried a version (no `schemaVersion`); older formats are migrated on read.
 */
export const THREAD_VIEW_VERSION = 2;

/** What is stored for a thread's view: the view as the panel gets it, with its format. */
export type StoredThreadView = ThreadView & { schemaVersion: typeof THREAD_VIEW_VERSION };

type Raw = Record<string, unknown>;

/**
 * One step per format: `MIGRATIONS[n]` turns a stored view of format `n` into format
 * `n + 1`. A step works on the raw stored object of its format (what that format held,
 * not today's types); only the last step's result is validated, against today's schema.
 * Each shipped format has frozen fixtures in `tests/fixtures/thread-view/` that must keep
 * reading: a change to the view schema adds a step and fixtures of the format it leaves.
 */
const MIGRATIONS: Record<number, (view: Raw) => Raw> = {
  // Version 1 was today's shape without a version: nothing else to change.
  1: (view) => ({ ...view, schemaVersion: 2 }),
};

/** Why a stored thread view cannot be shown. */
export type ThreadViewFailure =
  /** Saved by a newer Countersign: this version cannot read it. */
  | 'version'
  /** A part is missing or has the wrong shape; `fields` names where. */
  | 'invalid'
  /** The sealed value does not open or cannot be read from storage. */
  | 'unreadable';

/**
 * A stored thread view this version cannot show. The stored value is left as it is
 * (nothing overwrites a view that was not read), so an updated Countersign, or a repaired
 * store, still finds it; the message says what is wrong, in words a person reads.
 */
export class ThreadViewError extends CountersignError {
  constructor(
    readonly reason: ThreadViewFailure,
    readonly threadId: string,
    message: string,
    readonly fields: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(`thread-view-${reason}`, message, options);
  }
}

/**
 * Reads a stored thread view (STYLE 7): any format this code knows, migrated to today's
 * and validated with zod. A future format, or a view that does not validate, is a
 * `ThreadViewError` naming the problem.
 */
export function readThreadView(raw: unknown, threadId: string): ThreadView {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    const message = t('worker.threadView.notView');
    throw new ThreadViewError('invalid', threadId, message, ['(view)']);
  }
  let view = raw as Raw;
  const version = view.schemaVersion ?? 1;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    const message = t('worker.threadView.badFormat', { format: JSON.stringify(version) });
    throw new ThreadViewError('invalid', threadId, message, ['schemaVersion']);
  }
  if (version > THREAD_VIEW_VERSION) {
    const message = t('worker.threadView.newer', {
      format: String(version),
      known: String(THREAD_VIEW_VERSION),
    });
    throw new ThreadViewError('version', threadId, message, ['schemaVersion']);
  }
  for (let from = version; from < THREAD_VIEW_VERSION; from += 1) {
    const step = MIGRATIONS[from];
    if (!step) throw new RangeError(`No thread-view migration from format ${from}.`);
    view = step(view);
  }
  const { schemaVersion: _version, ...rest } = view;
  const parsed = ThreadViewSchema.safeParse(rest);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => formatFieldPath(issue.path)))];
    const message = t('worker.threadView.damagedAt', { fields: fields.join(', ') });
    throw new ThreadViewError('invalid', threadId, message, fields, { cause: parsed.error });
  }
  if (parsed.data.threadId !== threadId) {
    const message = t('worker.threadView.otherThread', { thread: parsed.data.threadId });
    throw new ThreadViewError('invalid', threadId, message, ['threadId']);
  }
  return parsed.data;
}

/** The view as it is stored: today's format, marked with its version. */
export function storedThreadView(view: ThreadView): StoredThreadView {
  return { ...view, schemaVersion: THREAD_VIEW_VERSION };
}
