/** The page context is a wire type, so it lives in src/shared; re-exported for adapters. */
export * from '../shared/protocols/page-context';
