// A Response whose body the gateway holds whole (text it made, or bytes it kept). The node adapter
// writes that body to the socket in one write, without a stream, and tells whoever counts the body
// how the write ended; a caller that reads the body as a stream (tests, `gateway.fetch`) gets the
// ordinary stream.

type Written = (bytes: number, aborted: boolean) => void;

export type WholeBody = string | Uint8Array;

export class WholeResponse extends Response {
  /** The body, when it is known whole (every answer the gateway builds; yoga's too). */
  readonly whole: WholeBody | undefined;
  #written: Written[] = [];

  /** `whole`, when given, is what `body` (then a stream over it) will produce. */
  constructor(body?: BodyInit | null, init?: ResponseInit, whole?: WholeBody) {
    super(body, init);
    this.whole = typeof body === 'string' || body instanceof Uint8Array ? body : whole;
  }

  /** Runs `listener` once the node adapter has written the body (or the client left first). */
  onWritten(listener: Written): void {
    this.#written.push(listener);
  }

  /** Called by the node adapter after writing the body. */
  written(bytes: number, aborted: boolean): void {
    for (const listener of this.#written) listener(bytes, aborted);
    this.#written = [];
  }
}

/** The body of `response` when the gateway holds it whole and nothing has read it yet. */
export function wholeBody(response: Response): WholeBody | undefined {
  return response instanceof WholeResponse && !response.bodyUsed ? response.whole : undefined;
}

export function byteLength(body: WholeBody): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}
