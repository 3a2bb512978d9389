// A Request whose body the node adapter read whole before making it (a body of known length within
// the body limit, arrived with its headers): `text()`, `json()` and `arrayBuffer()` answer from
// the bytes held, and the body limit needs no second read and no second Request.

export class WholeRequest extends Request {
  /** The body as read. */
  readonly whole: Buffer;
  #used = false;

  constructor(url: string, init: Omit<RequestInit, 'body'>, body: Buffer) {
    super(url, { ...init, body: body as Uint8Array<ArrayBuffer> });
    this.whole = body;
  }

  override get bodyUsed(): boolean {
    return this.#used || super.bodyUsed;
  }

  override async text(): Promise<string> {
    return this.#take().toString('utf8');
  }

  override async json(): Promise<any> {
    return JSON.parse(await this.text());
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  #take(): Buffer {
    if (this.bodyUsed) throw new TypeError('Body is unusable: the body has already been read');
    this.#used = true;
    return this.whole;
  }
}
