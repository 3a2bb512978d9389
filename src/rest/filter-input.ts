// EntryFilter -> the value of a `<Type>FiltersInput` variable: `{ title: { eq: "x" },
// author: { name: { eq: "y" } }, or: [...] }`. Operator names are already GraphQL's.
import type { EntryFilter, FieldFilter, ScalarCondition } from './query.ts';

export type FiltersInput = { [key: string]: unknown };

export function filtersInput(filter: EntryFilter): FiltersInput {
  const input: FiltersInput = {};
  for (const [fieldName, fieldFilter] of filter.fields) input[fieldName] = fieldInput(fieldFilter);
  if (filter.and) input.and = filter.and.map(filtersInput);
  if (filter.or) input.or = filter.or.map(filtersInput);
  if (filter.not) input.not = filtersInput(filter.not);
  return input;
}

function fieldInput(filter: FieldFilter): FiltersInput {
  switch (filter.kind) {
    case 'scalar':
      return conditionInput(filter.condition);
    case 'nested':
      return filtersInput(filter.filter);
  }
}

function conditionInput(condition: ScalarCondition): FiltersInput {
  const input: FiltersInput = {};
  for (const [operator, value] of condition.values) input[operator] = value;
  for (const [operator, values] of condition.lists) input[operator] = [...values];
  for (const [operator, flag] of condition.presence) input[operator] = flag;
  if (condition.not) input.not = conditionInput(condition.not);
  return input;
}
