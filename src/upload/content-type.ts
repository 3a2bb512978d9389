// A received file (its temporary path, filename and declared type) -> the type it is stored as,
// judged by its content where the content carries a signature (file-type), not by its name.
import { fileTypeFromFile, supportedMimeTypes } from 'file-type';
import mime from 'mime-types';
import { ApplicationError } from '../errors/errors.ts';

export interface JudgedType {
  readonly mime: string;
  /** Whether the content's own signature named the type (otherwise it is the declared one, or the name's). */
  readonly sniffed: boolean;
}

const MEDIA = /^(image|video|audio)\//;
/** Types file-type can recognise but a text file's name can claim: `.ts` is TypeScript as often as MPEG-TS. */
const AMBIGUOUS = new Set(['video/mp2t']);

/**
 * The stored type: the content's when it has a signature (a PNG sent as `image/jpeg` or named
 * `.jpg` is stored as `image/png`); otherwise what the client declared, else what the name says
 * (mime-types), else `application/octet-stream`, as Strapi fills it.
 * @throws ApplicationError when the declared type or the name claims an image, video or audio type
 *   whose signature the content lacks (a text file named `photo.jpg`): docs/decisions.md.
 */
export async function judgeType(path: string, filename: string, declared: string | undefined): Promise<JudgedType> {
  const sniffed = await fileTypeFromFile(path);
  const named = mime.lookup(filename) || undefined;
  const claimed = declared || named || 'application/octet-stream';
  if (sniffed) {
    // An XML declaration is all file-type sees of SVG and other XML formats; the claim is more precise.
    const xmlClaim = sniffed.mime === 'application/xml' && /[+/]xml$/.test(claimed);
    return { mime: xmlClaim ? claimed : sniffed.mime, sniffed: true };
  }
  const contradicted = [declared, named].find((type) => type !== undefined && claimsSignature(type));
  if (contradicted) throw new ApplicationError(`${filename} is declared or named ${contradicted}, but its content is not ${contradicted}`);
  return { mime: claimed, sniffed: false };
}

function claimsSignature(type: string): boolean {
  return MEDIA.test(type) && supportedMimeTypes.has(type as never) && !AMBIGUOUS.has(type);
}
