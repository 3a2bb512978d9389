// What makes a dataset varied (drafts, a second locale, a token that may write) -> which articles
// are drafts or French. Pure: the request generator and the dataset both ask these functions.
import { pick } from './text.ts';

/** Drafts and French localizations among the articles, and an API token that may write. */
export interface DatasetVariety {
  /** About one article in `drafts` is a draft (published otherwise). */
  drafts: number;
  /** About one article in `french` is the French localization of the article before it. */
  french: number;
  /** The secret of a full-access API token the seed holds (a benchmark's, not a credential). */
  token: string;
}

/** The secret of the varied datasets' full-access token, shared with the write benchmark. */
export const BENCH_WRITE_TOKEN = 'bench-writes-full-access-secret';

/** The gateway's API_TOKEN_SALT for a varied dataset (Strapi keeps its own; the secret works on both). */
export const BENCH_TOKEN_SALT = 'bench-writes-salt';

/** Issue 34's dataset: one article in 8 a draft, one in 10 French. */
export const VARIETY: DatasetVariety = { drafts: 8, french: 10, token: BENCH_WRITE_TOKEN };

// Drawn from a hash of the id, not its remainder: a remainder would line up with the authors,
// categories and tags that also go round by remainder (every article of some author a draft).
const drawn = (id: number, salt: number, oneIn: number) => pick(id, salt, oneIn) === 0;

/** Article `id` is the French localization of article `id - 1` (which is never French itself). */
export function isFrench(id: number, variety: DatasetVariety | undefined): boolean {
  return variety !== undefined && id > 1 && drawn(id, 71, variety.french) && !drawn(id - 1, 71, variety.french);
}

/** Article `id` is a draft (French articles never are: their source may be). */
export function isDraft(id: number, variety: DatasetVariety | undefined): boolean {
  return variety !== undefined && !isFrench(id, variety) && drawn(id, 72, variety.drafts);
}
