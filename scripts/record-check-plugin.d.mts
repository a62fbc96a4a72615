import type { Plugin } from 'vite';

export const RECORD_CHECK_MODULE: string;
/** The compiled check's module source (JSON Schema of ToolCallRecordSchema through Ajv). */
export function recordCheckSource(): Promise<string>;
/** Serves `virtual:countersign/record-check` to a Vite build. */
export function recordCheckPlugin(): Plugin;
