// Bound, execute and reshape: the steps after planning, which a REST read and a write's read-back
// of the written entry share.
import { execute } from 'graphql';
import { ApplicationError, NotFoundError, ValidationError } from '../errors/errors.ts';
import { originalError } from '../errors/map.ts';
import { checkEntryBudget, costModel } from '../graphql/cost.ts';
import type { Deadline } from '../limits/deadline.ts';
import { DEFAULT_REQUEST_LIMITS } from '../limits/request-limits.ts';
import type { RequestScope } from '../operations/scope.ts';
import type { GraphQLSchema } from 'graphql';
import type { DocumentCompiler } from '../graphql/compile.ts';
import type { CostModel } from '../graphql/cost.ts';
import type { RequestLimits } from '../limits/request-limits.ts';
import type { ContentModel } from '../model/types.ts';
import type { Plan } from './plan.ts';
import { reshapeCollection, reshapeEntry, reshapeEveryLocale, reshapePlain } from './reshape.ts';
import type { ReadRoute } from './read-route.ts';

export type ExecutionSteps = ReturnType<typeof executionSteps>;

/** What the steps need of the REST handler's dependencies. */
export interface StepDeps {
  model: ContentModel;
  schema: GraphQLSchema;
  limits?: Pick<RequestLimits, 'maxEntries'>;
  costs?(): CostModel | Promise<CostModel>;
  compiler?: DocumentCompiler;
}

/** Bound, execute and reshape: the steps after planning. */
export function executionSteps(deps: StepDeps) {
  const maxEntries = deps.limits?.maxEntries ?? DEFAULT_REQUEST_LIMITS.maxEntries;
  const unmeasured = deps.costs ? undefined : costModel(deps.model);
  const costs = deps.costs ?? (() => unmeasured!);
  return {
    /** The same budget as /graphql: a request past it is the caller's to fix (400), not our bug. */
    async bound(plan: Plan, variables: Record<string, unknown>): Promise<void> {
      const model = await costs();
      if (plan.budget.passed === model) return;
      checkEntryBudget(deps.schema, model, maxEntries, plan.built.document, variables);
      plan.budget.passed = model;
    },

    async execute(plan: Plan, variables: Record<string, unknown>, scope: RequestScope): Promise<unknown> {
      const compiled = deps.compiler?.compiledFor(plan.built.document, variables);
      const result = compiled
        ? await compiled.query(undefined, scope, variables)
        : await execute({ schema: deps.schema, document: plan.built.document, variableValues: variables, contextValue: scope });
      // Past the deadline whatever was resolved is dropped: the answer is the 503.
      scope.deadline.check();
      if (result.errors?.length) {
        // The error that explains the answer best is ours (a 403, a 400), not a consequence of it.
        const ours = result.errors.find((e) => originalError(e) instanceof ApplicationError);
        if (ours) throw ours;
        // Without a path, the error is about the request's values (a variable the schema's scalars
        // refuse), which validation should have caught: still the caller's value, so a 400.
        const first = result.errors[0];
        throw first.path === undefined ? new ValidationError(first.message) : first;
      }
      return result.data?.[plan.field];
    },

    async reshape(route: ReadRoute, plan: Plan, root: unknown, deadline: Deadline): Promise<unknown> {
      const { query, operation } = plan;
      if (route.kind !== 'entries') {
        const plain = await reshapePlain(deps.model, route.target, query, root, deadline);
        // The upload plugin's own words for a file that is not there.
        if (plain === null) throw new NotFoundError(route.kind === 'files' ? 'file.notFound' : 'Not Found');
        return plain;
      }
      if (operation.kind === 'findMany') return reshapeCollection(deps.model, route.target, query, root, deadline);
      if (operation.kind === 'findEveryLocale') return reshapeEveryLocale(deps.model, route.target, query, root, deadline);
      const body = await reshapeEntry(deps.model, route.target, query, root, deadline);
      if (body.data === null) throw new NotFoundError('Not Found');
      return body;
    },
  };
}
