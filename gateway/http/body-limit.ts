// Request bodies are read here, up to a limit counted as they stream: a body past it is refused
// whatever its Content-Length says, before anything parses it.
import { PayloadTooLargeError } from '../../src/errors/errors.ts';
import { WholeRequest } from '../../src/whole-request.ts';

/** Largest request body read; a GraphQL document past it is not one a client needs to send. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The request with its body read into memory.
 * @throws PayloadTooLargeError once the body passes `limit` bytes.
 */
export async function withBoundedBody(request: Request, limit: number): Promise<Request> {
  const tooLarge = () => new PayloadTooLargeError(`Request body larger than ${limit} bytes`, { limit });
  // Read whole already (the node adapter): counted, not read again.
  if (request instanceof WholeRequest) {
    if (request.whole.byteLength > limit) throw tooLarge();
    return request;
  }
  if (!request.body) return request;
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return new Request(request, { body: Buffer.concat(chunks) });
}
