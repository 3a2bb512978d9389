// A built document -> the text the façade answers to `Accept: application/graphql`, instead of
// executing it.
import { print } from 'graphql';
import type { BuiltDocument } from './document.ts';

/**
 * The printed document, a blank line, then one comment line `# variables: <JSON>`:
 *
 *     query RestFindMany($pagination: PaginationArg) {
 *       articles(pagination: $pagination) { … }
 *     }
 *
 *     # variables: {"pagination":{"page":1,"pageSize":25}}
 *
 * The whole text pastes into GraphiQL's query editor as it is (the last line is a comment);
 * the JSON after `# variables: ` pastes into its variables editor.
 */
export function explain(built: BuiltDocument): string {
  return `${print(built.document)}\n\n# variables: ${JSON.stringify(built.variables)}\n`;
}
