// Compression of answers the client accepts compressed (Accept-Encoding): brotli or gzip, for
// bodies over a threshold, through @remix-run/response (q-values, Vary, no-transform, ranges).
import { constants } from 'node:zlib';
import { compressResponse } from '@remix-run/response/compress';
import type { CompressionSettings } from '../config/file-config.ts';
import type { Step } from './pipeline.ts';

/**
 * Brotli's default quality (11) is meant for files compressed once; for answers made per
 * request, 4 compresses about as well as gzip's default in a fraction of quality 11's time.
 */
const BROTLI_QUALITY = 4;

/** The compression step; with `false`, answers pass untouched. */
export function compressStep(settings: CompressionSettings | false): Step {
  if (settings === false) return (request, exchange, next) => next(request, exchange);
  const options = {
    threshold: settings.threshold,
    encodings: [...settings.encodings],
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  };
  return async (request, exchange, next) => {
    const response = await next(request, exchange);
    const compressed = await compressResponse(response, request, options);
    // The library answers 406 when no offered encoding is accepted, even where the plain body is
    // (RFC 9110: identity is acceptable unless refused); the plain body is always a fine answer.
    return compressed.status === 406 && response.status !== 406 ? response : compressed;
  };
}
