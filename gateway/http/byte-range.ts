// A Range header and a representation's size in, the part to send out (RFC 9110 §14): the whole
// representation when the header is absent, malformed, of another unit or asks several parts,
// one byte range, or unsatisfiable (a 416). `If-Range` decides whether the header counts at all.

/** What to answer a request with this Range header. */
export type RangeChoice =
  /** A 200 with everything: no Range, or one the server ignores (RFC 9110 §14.2 lets it). */
  | { kind: 'whole' }
  /** A 206 with bytes `start` to `end`, both included. */
  | { kind: 'part'; start: number; end: number }
  /** A 416 with `Content-Range: bytes *\/<size>`. */
  | { kind: 'unsatisfiable' };

const WHOLE: RangeChoice = { kind: 'whole' };
const UNSATISFIABLE: RangeChoice = { kind: 'unsatisfiable' };

/** An int-range (`500-999`, `9500-`) or a suffix-range (`-500`), RFC 9110 §14.1.1. */
const RANGE_SPEC = /^(?:(\d+)-(\d*)|-(\d+))$/;

/** A range-spec as read: `first` and `last` (Infinity when open), or a suffix `length`. */
export type RangeSpec = { first: number; last: number } | { suffix: number };

/**
 * The byte range-specs of a `bytes=` header, or undefined when it is not one: another unit, a
 * spec out of the grammar, or an int-range whose last position comes before its first (invalid,
 * RFC 9110 §14.1.1). Empty list elements are skipped (§5.6.1.2).
 */
export function parseByteRanges(header: string): RangeSpec[] | undefined {
  const equals = header.indexOf('=');
  if (equals < 0 || header.slice(0, equals).toLowerCase() !== 'bytes') return undefined;
  const specs: RangeSpec[] = [];
  for (const element of header.slice(equals + 1).split(',')) {
    const text = element.replace(/^[ \t]+|[ \t]+$/g, '');
    if (text === '') continue;
    const match = RANGE_SPEC.exec(text);
    if (!match) return undefined;
    const [, first, last, suffix] = match;
    if (suffix !== undefined) {
      specs.push({ suffix: Number(suffix) });
      continue;
    }
    const spec = { first: Number(first), last: last === '' ? Number.POSITIVE_INFINITY : Number(last) };
    if (spec.last < spec.first) return undefined;
    specs.push(spec);
  }
  return specs.length > 0 ? specs : undefined;
}

/**
 * The part of a `size`-byte representation a Range header asks for. Parts that overlap or touch
 * are merged (RFC 9110 §14.3 lets a server coalesce); several parts apart are answered whole,
 * not as multipart/byteranges.
 */
export function chooseRange(header: string | null, size: number): RangeChoice {
  if (header === null) return WHOLE;
  const specs = parseByteRanges(header);
  if (!specs) return WHOLE;
  const parts: Array<{ start: number; end: number }> = [];
  let wholeOfEmpty = false;
  for (const spec of specs) {
    if ('suffix' in spec) {
      // A suffix longer than the representation asks all of it (§14.1.2); one of 0 asks nothing.
      if (spec.suffix === 0) continue;
      if (size === 0) wholeOfEmpty = true;
      else parts.push({ start: Math.max(0, size - spec.suffix), end: size - 1 });
    } else if (spec.first < size) {
      parts.push({ start: spec.first, end: Math.min(spec.last, size - 1) });
    }
  }
  // A non-zero suffix of an empty representation is satisfiable yet selects nothing: all of it, then.
  if (parts.length === 0) return wholeOfEmpty ? WHOLE : UNSATISFIABLE;
  const merged = coalesce(parts);
  return merged.length === 1 ? { kind: 'part', ...merged[0] } : WHOLE;
}

/** Ranges sorted, those that overlap or touch made one. */
function coalesce(parts: Array<{ start: number; end: number }>): Array<{ start: number; end: number }> {
  const sorted = [...parts].sort((a, b) => a.start - b.start);
  const merged = [{ ...sorted[0] }];
  for (const part of sorted.slice(1)) {
    const last = merged[merged.length - 1];
    if (part.start <= last.end + 1) last.end = Math.max(last.end, part.end);
    else merged.push({ ...part });
  }
  return merged;
}

/**
 * Whether a request's `If-Range` lets its Range count (RFC 9110 §13.1.5): absent, an entity-tag
 * equal to a strong `etag` (a weak one never matches), or the exact `lastModified` date.
 */
export function ifRangeHolds(ifRange: string | null, etag: string | null, lastModified: string | null): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return etag !== null && !etag.startsWith('W/') && value === etag;
  if (value.startsWith('W/') || lastModified === null) return false;
  const asked = Date.parse(value);
  return !Number.isNaN(asked) && asked === Date.parse(lastModified);
}
