import { t } from '../i18n';
import { lookup } from '../i18n/catalogue';
import { en } from '../i18n/messages/en';

/** What naming a tool to a person needs: its name, and its own (English) words as fallback. */
interface NamedTool {
  readonly name: string;
  readonly label: string;
  readonly cardDescription: string;
}

/**
 * The catalogue's words for a tool, when the catalogue knows the tool as it is: its English
 * source must be the tool's own words. Another tool of the same name (a test's, a site's) or
 * a tool whose words changed without the catalogue keeps its own words rather than borrow
 * a translation of something else.
 */
function catalogued(key: string, own: string): string | undefined {
  if (lookup(en, key) !== own) return undefined;
  return (t as unknown as (key: string) => string)(key);
}

/**
 * The tool's name as a person reads it, in their language (issue 37): the card's title, the
 * tool row, the grants. The catalogue's `worker.tool.<name>.label` when it has one; a tool it
 * does not name (an ability the site describes) keeps its own label. The model never reads
 * this: it reads the tool's name and description.
 */
export function toolLabel(tool: NamedTool): string {
  return catalogued(`worker.tool.${tool.name}.label`, tool.label) ?? tool.label;
}

/** What the tool does, as a card says it (`worker.tool.<name>.card`, else its own words). */
export function toolCardDescription(tool: NamedTool): string {
  return catalogued(`worker.tool.${tool.name}.card`, tool.cardDescription) ?? tool.cardDescription;
}

/**
 * The tool as the gate judges it, with its label in the person's language, so a card's
 * reasons name it as the card does ("“Update post” is …"), never by its identifier.
 */
export function forGate<Tool extends NamedTool>(tool: Tool): Tool {
  return { ...tool, label: toolLabel(tool) };
}
