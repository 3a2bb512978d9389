// Two answers to a date case, compared as the date-kind tests need: REST errors by status and
// name, GraphQL errors by code (the messages are ours, docs/decisions.md), everything else whole.
import { isDeepStrictEqual } from 'node:util';
import type { Answer } from '../support/strapi-answers.ts';

type Body = { data?: unknown; error?: { status: number; name: string }; errors?: Array<{ code: string | null }> };

/** What of an answer the comparison keeps. */
export function comparable(answer: Answer): unknown {
  const body = answer.body as Body;
  if (body.error) return { status: answer.status, error: { status: body.error.status, name: body.error.name } };
  if (body.errors) return { data: body.data, codes: body.errors.map((e) => e.code) };
  return answer;
}

/** True when the gateway's answer agrees with Strapi's. */
export function sameAnswer(ours: Answer, strapi: Answer): boolean {
  return isDeepStrictEqual(comparable(ours), comparable(strapi));
}
