/**
 * The run loop (src/run): a state machine over a versioned, sealed RunState. See
 * docs/run-loop.md. The background wiring uses `RunLoop`; the lower-level functions
 * (`step`, `decide`, `resume`) are what it is made of.
 */
export { RunLoop, type DecideAndDrive } from './run-loop';
export { step } from './step';
export { drive, loadRun, resume } from './drive';
export { decide, type DecideResult } from './call/decide';
export type { AmendInput, AmendResult } from './call/amend';
export { editableFields } from './call/editable-fields';
export type { BatchChoice, DecisionInput } from './call/check-decision';
export { addUserMessage, createThread, revokeGrant, type NewThread } from './state/thread-changes';
export { editUserMessage, userTextAt } from './state/edit-user-message';
export { resultEvent, resultFromRecord } from './call/finish-call';
export { proposePersonCall, type PersonCall } from './call/propose-person-call';
export { approvalRequest, pendingIndex } from './call/approval-request';
export type { StepResult } from './step-result';
export type { AuditPort, RunDeps, RunOptions, ToolSource } from './deps';
export type {
  ApprovalRequest,
  BatchMember,
  NoticeLevel,
  OfferedCall,
  RunEvent,
  RunEventSink,
} from './events';
export { DecisionError, personWireError, RunStateError, ThreadRefusedError } from './errors';
export type { DecisionFailure, RunStateFailure, ThreadRefusal } from './errors';
export {
  SealedRunStore,
  runStateKey,
  type RunStateStore,
  type SealedStoreLike,
} from './state/run-store';
export { readRunState, type RestoreReport, type RestoredRunState } from './state/run-state-read';
export * from './state/run-state-schema';
export { rejectionText, skippedText } from './model-texts';
export {
  NO_PREVIEW_NOTE,
  PREVIEW_CAPTURED_NOTE,
  PREVIEW_WITHHELD_NOTE,
  previewView,
  type PreviewView,
} from './call/preview-view';
export { boundLines } from './call/previews';
export { ThreadLocks, HELD_BY_CALLER, type ThreadLock } from './thread-locks';
