// The quick check of a stored audit record, compiled at build time from ToolCallRecordSchema
// by scripts/record-check-plugin.mjs. True only for a record that is exactly the schema's
// shape (it fills `decidedBy` / `decidedAt` with null when absent, as zod does).
declare module 'virtual:countersign/record-check' {
  const isExactRecord: (record: unknown) => boolean;
  export default isExactRecord;
}
