/** C4: one argument as a card lists it: a title, an optional description, the value as text. */
export interface ArgumentCardEntry {
  key: string;
  title: string;
  description?: string;
  value: string;
  /** C3: the entity the value names by id; `name` when the person may read it. */
  entity?: { kind: 'post' | 'term' | 'user' | 'media' | 'comment'; id: number; name?: string };
}

/** C4: what a tool with its own argument card shows: the arguments and plain notes. */
export interface ArgumentCard {
  arguments: ArgumentCardEntry[];
  notes: string[];
}
