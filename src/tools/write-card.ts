/**
 * What a CMS says about a content write for its approval card (C1). Tools produce it
 * (`Tool.card`); the CMS adapter hands it to the background.
 */

/** Names one entity of the CMS: a post type (or other kind) and its id. */
export interface EntityRef {
  type: string;
  id: number;
}

/** A value as the CMS stores it (`raw`) and as visitors see it (`rendered`, when HTML). */
export interface FieldSnapshot {
  raw: unknown;
  rendered?: string;
}

/** C1: one changed field of a content write, named by its label. */
export interface CardField {
  key: string;
  label: string;
  /** How to show and diff the value: HTML is sanitized before rendering (C1, S1). */
  format: 'html' | 'text' | 'ids' | 'number' | 'json';
  current: FieldSnapshot;
  proposed: unknown;
}

/** C1: what an approval card of a content write needs. */
export interface WriteCardData {
  /** The entity as it is today; for a create, only its type label is known. */
  entity: {
    ref?: EntityRef;
    typeLabel: string;
    title: string;
    status?: string;
    link?: string;
    modified?: string;
  };
  fields: CardField[];
  /** Whether visitors see the change once it runs (G2, C5). */
  lands: 'draft' | 'live';
}
