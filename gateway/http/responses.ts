// Small Response helpers shared by the edge steps and the routes.
import { WholeResponse } from '../../src/whole-response.ts';

/** A JSON answer with its length known, so compression can weigh it against its threshold. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return new WholeResponse(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers },
  });
}

/** A text answer (HTML, JavaScript, CSS...) with its length known. */
export function textResponse(status: number, text: string, contentType: string, headers: Record<string, string> = {}): Response {
  return new WholeResponse(text, {
    status,
    headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(text)), ...headers },
  });
}

/**
 * Sets headers on a response. Responses made by `new Response` take them in place; one whose
 * headers are immutable (`Response.redirect`, a `fetch` result) is copied first.
 */
export function withHeaders(response: Response, headers: Iterable<readonly [string, string]>): Response {
  let target = response;
  for (const [name, value] of headers) {
    try {
      target.headers.set(name, value);
    } catch {
      target = new Response(target.body, target);
      target.headers.set(name, value);
    }
  }
  return target;
}
