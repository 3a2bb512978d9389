// A status and JSON text -> the REST API's answer: Strapi's content type, and its length so that
// compression leaves small answers alone. The text is encoded once, here: its length, its ETag and
// the bytes written are all taken from those bytes (counting a large answer's UTF-8 length apart
// from encoding it was a second pass over it).
import { WholeResponse } from '../whole-response.ts';

export function json(status: number, text: string, headers?: Readonly<Record<string, string>>): Response {
  const bytes = Buffer.from(text);
  return new WholeResponse(bytes, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(bytes.byteLength), ...headers },
  });
}
