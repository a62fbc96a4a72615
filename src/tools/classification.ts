import type { AnyTool } from './tool';

/** T2: a tool without a classification is unclassified and always asks (G2). */
export function isUnclassified(tool: Pick<AnyTool, 'classification'>): boolean {
  return tool.classification === undefined;
}
