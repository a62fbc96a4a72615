/**
 * The run loop (src/run): a state machine over a versioned, sealed RunState. See
 * docs/run-loop.md. The background wiring uses `RunLoop`; the lower-level functions
 * (`step`, `decide`, `resume`) are what it is made of.
 */
export { RunLoop, type DecideAndDrive } from './run-loop';
export { step } from './step';
export { drive, loadRun, resume } from './drive';
export { decide, type DecideResult } from './decide';
export type { DecisionInput } from './decision-check';
export { addUserMessage, createThread, revokeGrant, type NewThread } from './thread';
export { editUserMessage } from './edit';
export { proposePersonCall, type PersonCall } from './propose';
export { approvalRequest, pendingIndex } from './approval';
export type { StepResult } from './step-result';
export type { AuditPort, CallGuard, GuardResult, RunDeps, RunOptions, ToolSource } from './deps';
export type { ApprovalRequest, NoticeLevel, OfferedCall, RunEvent, RunEventSink } from './events';
export { DecisionError, RunStateError, ThreadRefusedError } from './errors';
export type { DecisionFailure, RunStateFailure, ThreadRefusal } from './errors';
export { SealedRunStore, runStateKey, type RunStateStore, type SealedStoreLike } from './run-store';
export { readRunState, type RestoreReport, type RestoredRunState } from './run-state-read';
export * from './run-state-schema';
export { rejectionText, skippedText } from './model-texts';
export {
  NO_PREVIEW_NOTE,
  PREVIEW_CAPTURED_NOTE,
  PREVIEW_WITHHELD_NOTE,
  previewView,
  type PreviewView,
} from './preview-view';
export { boundLines } from './previews';
export { ThreadLocks, HELD_BY_CALLER, type ThreadLock } from './thread-locks';
