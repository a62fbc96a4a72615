export {
  ModelServer,
  startModelServer,
  DEFAULT_MODELS,
  type ModelServerOptions,
  type ModelServerState,
  type Responder,
} from './server';
export {
  block,
  turn,
  parseScript,
  checkMatch,
  apiKeyOf,
  ScriptSchema,
  ScriptTurnSchema,
  ScriptBlockSchema,
  MatchSchema,
  type ScriptTurn,
  type ReplyTurn,
  type ErrorTurn,
  type CutTurn,
  type ScriptBlock,
  type Match,
  type MatchFn,
  type RecordedRequest,
  type RequestOutcome,
} from './script';
export { buildMessage, buildStreamEvents, encodeSse, chunkString } from './sse';
