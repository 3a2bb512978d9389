// A file part a GraphQL multipart request maps to a variable -> the value of the `Upload` scalar: the
// received file, or none when the request named a part it did not send. Only the multipart reader
// makes these, so a variable sent as JSON can never pass for a file.
import type { ReceivedFile } from './multipart.ts';

export class UploadValue {
  /** @param file the part, streamed to a temporary file; undefined when the map names a part the request lacks. */
  constructor(
    readonly part: string,
    readonly file: ReceivedFile | undefined,
  ) {}
}
