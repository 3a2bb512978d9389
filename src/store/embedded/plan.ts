// A MongoDB filter -> the conjuncts an index can answer (a field equal to one of some values, or
// null, or not null) and the rest, which the query engine tests on the documents indexes leave.
import type { Filter } from '../store.ts';

export type Term =
  | { kind: 'in'; field: string; values: unknown[] }
  | { kind: 'null'; field: string; isNull: boolean };

export interface Plan {
  terms: Term[];
  /** Conjuncts no index answers; empty when the terms say it all. */
  residual: Filter[];
}

const isScalar = (value: unknown) =>
  ['string', 'number', 'boolean', 'bigint'].includes(typeof value) || value instanceof Date;

/** Splits `filter`'s top-level conjunction; `indexed` says which fields have an index. */
export function planFilter(filter: Filter, indexed: (field: string) => boolean): Plan {
  const plan: Plan = { terms: [], residual: [] };
  add(filter, indexed, plan);
  return plan;
}

function add(filter: Filter, indexed: (field: string) => boolean, plan: Plan): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value) add(part as Filter, indexed, plan);
    } else if (key.startsWith('$') || !indexed(key)) {
      plan.residual.push({ [key]: value });
    } else {
      addField(key, value, plan);
    }
  }
}

function addField(field: string, condition: unknown, plan: Plan): void {
  if (condition === null) return void plan.terms.push({ kind: 'null', field, isNull: true });
  if (isScalar(condition)) return void plan.terms.push({ kind: 'in', field, values: [condition] });
  const operators = condition as Record<string, unknown>;
  if (typeof condition !== 'object' || Array.isArray(condition) || condition instanceof RegExp || Object.keys(operators).some((op) => !op.startsWith('$'))) {
    return void plan.residual.push({ [field]: condition });
  }
  // Operators no index answers stay together: some only mean something as a pair ($regex, $options).
  const rest: Record<string, unknown> = {};
  for (const [operator, value] of Object.entries(operators)) {
    if ((operator === '$eq' && value === null) || (operator === '$ne' && value === null)) {
      plan.terms.push({ kind: 'null', field, isNull: operator === '$eq' });
    } else if (operator === '$eq' && isScalar(value)) {
      plan.terms.push({ kind: 'in', field, values: [value] });
    } else if (operator === '$in' && Array.isArray(value) && value.every(isScalar)) {
      plan.terms.push({ kind: 'in', field, values: value });
    } else {
      rest[operator] = value;
    }
  }
  if (Object.keys(rest).length > 0) plan.residual.push({ [field]: rest });
}
