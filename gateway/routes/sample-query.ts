// The content model -> a first query for GraphiQL to show: a few entries of the first collection
// type, with some of their scalar fields and the total. Built as an AST, printed once.
import { isExposed } from '../../src/access/rules.ts';
import { Kind, OperationTypeNode, print, type DocumentNode } from 'graphql';
import { collectionQueryField } from '../../src/model/naming.ts';
import { isScalar, type ContentModel } from '../../src/model/types.ts';
import { argument, field, intValue, objectValue } from '../../src/rest/ast.ts';

const SAMPLE_FIELDS = 3;
const SAMPLE_PAGE_SIZE = 5;

/** The sample query, or undefined for a model without collection types of its own. */
export function sampleQuery(model: ContentModel): string | undefined {
  const target = [...model.contentTypes.values()]
    .filter((ct) => ct.uid.startsWith('api::') && ct.kind === 'collectionType')
    .sort((a, b) => a.pluralName.localeCompare(b.pluralName))[0];
  if (!target) return undefined;
  const scalars = [...target.attributes.values()]
    .filter((attribute) => isScalar(attribute) && isExposed(target, attribute) && attribute.type !== 'json')
    .slice(0, SAMPLE_FIELDS)
    .map((attribute) => field(attribute.name));
  const document: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [{
      kind: Kind.OPERATION_DEFINITION,
      operation: OperationTypeNode.QUERY,
      selectionSet: {
        kind: Kind.SELECTION_SET,
        selections: [
          field(collectionQueryField(target), [argument('pagination', objectValue({ pageSize: intValue(SAMPLE_PAGE_SIZE) }))], [
            field('data', [], [field('id'), field('attributes', [], scalars.length > 0 ? scalars : [field('createdAt')])]),
            field('meta', [], [field('pagination', [], [field('total')])]),
          ]),
        ],
      },
    }],
  };
  return print(document);
}
