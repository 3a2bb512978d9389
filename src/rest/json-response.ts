// A status and JSON text -> the REST API's answer: Strapi's content type, and its length so that
// compression leaves small answers alone.
import { WholeResponse } from '../whole-response.ts';

export function json(status: number, text: string, headers?: Readonly<Record<string, string>>): Response {
  return new WholeResponse(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers },
  });
}
