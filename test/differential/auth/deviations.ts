// The auth differential's documented deviations: where the gateway answers a step otherwise than
// Strapi v4.25 on purpose, a class, the docs/decisions.md row that says why (`decision`, text the
// row holds), and the rule that recognises it, as narrow as the row.
import { isDeepStrictEqual } from 'node:util';
import type { StepAnswer } from './sequence.ts';
import type { AuthStep } from './steps.ts';

export interface AuthDeviation {
  readonly decision: string;
  explains(step: AuthStep, strapi: StepAnswer, ours: StepAnswer): boolean;
}

type Envelope = { error?: { status?: number; name?: string; message?: string; details?: unknown } };
const errorOf = (answer: StepAnswer) => (answer.body as Envelope | null)?.error;
const graphqlErrors = (answer: StepAnswer) => ((answer.body as { errors?: Array<{ message?: string; extensions?: { code?: string } }> } | null)?.errors ?? []);

export const AUTH_DEVIATIONS: Readonly<Record<string, AuthDeviation>> = {
  // Shared with the write differential: the same row.
  'syntax-error-details': {
    decision: '| Invalid JSON in a write\'s body |',
    explains: (_step, strapi, ours) => {
      const theirs = errorOf(strapi);
      return strapi.status === 400 && theirs?.name === 'SyntaxError' && !('details' in theirs) && isDeepStrictEqual({ ...theirs, details: {} }, errorOf(ours));
    },
  },
  'other-scheme-401': {
    decision: 'Strapi reads another scheme (`Basic …`) or a bare `Bearer` as the public role',
    explains: (step, strapi, ours) => typeof step.auth === 'object' && 'header' in step.auth && !/^bearer /i.test(step.auth.header) && strapi.status === 403 && ours.status === 401 && errorOf(ours)?.message === 'Missing or invalid credentials',
  },
  'missing-user-404': {
    decision: '| A user that does not exist, read or deleted through `/api/users/:id` |',
    explains: (step, strapi, ours) => /^\/api\/users\/\d+$/.test(step.path) && (step.method === 'GET' || step.method === 'DELETE') && strapi.status === 204 && ours.status === 404 && errorOf(ours)?.name === 'NotFoundError',
  },
  'users-count-filters': {
    decision: '| `GET /api/users/count` with `filters[…]` |',
    explains: (step, strapi, ours) => step.path.startsWith('/api/users/count?filters') && strapi.status === 500 && ours.status === 200 && typeof ours.body === 'number',
  },
  'graphql-me-token': {
    decision: '| GraphQL `me` asked with an API token |',
    explains: (step, strapi, ours) => step.path === '/graphql' && graphqlErrors(strapi)[0]?.message === 'Authentication requested' && graphqlErrors(ours)[0]?.extensions?.code === 'UNAUTHENTICATED',
  },
  'auth-limit-escapes': {
    decision: '| Which requests the auth rate limit counts together |',
    explains: (step, strapi, ours) => {
      const escapes = step.path === '/api/auth/local/' || (step.path === '/api/auth/local' && typeof step.body === 'object' && step.body !== null && 'email' in step.body);
      return escapes && strapi.status !== 429 && ours.status === 429 && errorOf(ours)?.name === 'RateLimitError';
    },
  },
  'graphql-auth-limit': {
    decision: '| The auth rate limit on GraphQL |',
    explains: (step, strapi, ours) => step.path === '/graphql' && !graphqlErrors(strapi).some((error) => error.extensions?.code === 'STRAPI_RATE_LIMIT_ERROR') && graphqlErrors(ours)[0]?.extensions?.code === 'STRAPI_RATE_LIMIT_ERROR',
  },
};

/** The class of the deviation that explains a step's disagreement, or undefined. */
export function explain(step: AuthStep, strapi: StepAnswer, ours: StepAnswer): string | undefined {
  return Object.entries(AUTH_DEVIATIONS).find(([, deviation]) => deviation.explains(step, strapi, ours))?.[0];
}
