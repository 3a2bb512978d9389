// A Response whose body the gateway holds whole (text it made, or bytes it kept). No stream is
// made for it unless someone asks for `body`: the node adapter writes it to the socket in one
// write, and `text()`, `json()`, `arrayBuffer()` answer from it. Whoever counts the body (the
// request log) is told once it is delivered, however it was read, or abandoned.

type Delivered = (bytes: number, aborted: boolean) => void;

export type Bytes = Uint8Array<ArrayBuffer>;
export type WholeBody = string | Bytes;

export function byteLength(body: WholeBody): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

const bytesOf = (body: WholeBody): Bytes => (typeof body === 'string' ? (Buffer.from(body) as Bytes) : body);

export class WholeResponse extends Response {
  /** The body, when it is held whole (every answer the gateway builds; yoga's too). */
  readonly whole: WholeBody | undefined;
  #used = false;
  #stream: ReadableStream<Bytes> | undefined;
  #listeners: Delivered[] = [];

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    const whole = typeof body === 'string' || body instanceof Uint8Array ? (body as WholeBody) : undefined;
    super(whole === undefined ? body : null, init);
    this.whole = whole;
  }

  /** Runs `listener` once the body is delivered (written, or read whole) or abandoned. */
  onDelivered(listener: Delivered): void {
    this.#listeners.push(listener);
  }

  /** The body was delivered (`bytes` of it) or abandoned; called by the node adapter after writing. */
  delivered(bytes: number, aborted: boolean): void {
    this.#used = true;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener(bytes, aborted);
  }

  override get body(): ReadableStream<Bytes> | null {
    const whole = this.whole;
    if (whole === undefined) return super.body;
    this.#stream ??= new ReadableStream<Bytes>({
      pull: (controller) => {
        const bytes = bytesOf(whole);
        if (bytes.byteLength > 0) controller.enqueue(bytes);
        controller.close();
        this.delivered(bytes.byteLength, false);
      },
      cancel: () => this.delivered(0, true),
    }, { highWaterMark: 0 });
    return this.#stream;
  }

  override get bodyUsed(): boolean {
    return this.whole === undefined ? super.bodyUsed : this.#used;
  }

  override async text(): Promise<string> {
    const whole = this.#take();
    if (whole === undefined) return super.text();
    return typeof whole === 'string' ? whole : Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength).toString('utf8');
  }

  override async json(): Promise<any> {
    return this.whole === undefined ? super.json() : JSON.parse(await this.text());
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const whole = this.#take();
    if (whole === undefined) return super.arrayBuffer();
    const bytes = bytesOf(whole);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  override async blob(): Promise<Blob> {
    const whole = this.#take();
    if (whole === undefined) return super.blob();
    return new Blob([bytesOf(whole)], { type: this.headers.get('content-type') ?? '' });
  }

  override clone(): Response {
    if (this.whole === undefined) return super.clone();
    if (this.bodyUsed) throw new TypeError('Response.clone: the body has already been used');
    return new WholeResponse(this.whole, { status: this.status, statusText: this.statusText, headers: this.headers });
  }

  /** The whole body, marked delivered; undefined when this response has a stream body. */
  #take(): WholeBody | undefined {
    const whole = this.whole;
    if (whole === undefined) return undefined;
    if (this.#used) throw new TypeError('Body is unusable: the body has already been read');
    this.delivered(byteLength(whole), false);
    return whole;
  }
}

/** The body of `response` when the gateway holds it whole and nothing has read it yet. */
export function wholeBody(response: Response): WholeBody | undefined {
  return response instanceof WholeResponse && !response.bodyUsed ? response.whole : undefined;
}
