/**
 * The Claude agent's model (R4): the only code in Countersign that imports
 * @anthropic-ai/sdk. See docs/claude.md.
 */
export { ClaudeModel, type ClaudeModelOptions } from './claude-model';
export type { ClaudeConnection } from './client';
export { chromeKeepAlive, noKeepAlive, KEEP_ALIVE_INTERVAL_MS, type KeepAlive } from './keep-alive';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
export { testConnection, type ConnectionTestResult } from './test-connection';
export { buildParams } from './request-params';
