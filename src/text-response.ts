// A Response whose body is text the gateway made itself. The node adapter writes that text to the
// socket at once, without a stream, and tells whoever counts the body how the write ended; a
// caller that reads the body as a stream (tests, `gateway.fetch`) gets the ordinary stream.

type Written = (bytes: number, aborted: boolean) => void;

export class TextResponse extends Response {
  /** The body's text, when it is known whole (every answer the gateway builds; yoga's too). */
  readonly bodyText: string | undefined;
  #written: Written[] = [];

  /** `text`, when given, is what `body` (then a stream over it) will produce. */
  constructor(body?: BodyInit | null, init?: ResponseInit, text?: string) {
    super(body, init);
    this.bodyText = typeof body === 'string' ? body : text;
  }

  /** Runs `listener` once the node adapter has written the text (or the client left first). */
  onWritten(listener: Written): void {
    this.#written.push(listener);
  }

  /** Called by the node adapter after writing the text. */
  written(bytes: number, aborted: boolean): void {
    for (const listener of this.#written) listener(bytes, aborted);
    this.#written = [];
  }
}

/** The text of `response`'s body when the gateway made it and nothing has read it yet. */
export function knownText(response: Response): string | undefined {
  return response instanceof TextResponse && !response.bodyUsed ? response.bodyText : undefined;
}
