// The conformance cases whose GraphQL results are kept as reshape fixtures: together they hold
// every shape of 2.3 (relations, media, components, zones, localizations) and every meta form.
export const RESHAPE_FIXTURES = 'test/fixtures/rest/reshape';

export const RESHAPE_CASES = [
  'list-articles-default',
  'find-one-default',
  'single-type-default',
  'populate-star-find-one',
  'populate-star-empty-relations',
  'pagination-with-populate',
  'populate-dynamic-zone-first-level',
  'populate-dynamic-zone-shared',
  'populate-dynamic-zone-detailed',
  'populate-component-nested',
  'populate-component-media-dot-path',
  'populate-repeatable-component',
  'populate-single-type',
  'populate-media-fields',
  'populate-and-fields',
  'populate-self-relations',
  'populate-localizations',
  'pagination-start-limit',
  'pagination-without-count',
  'fields-array',
] as const;
