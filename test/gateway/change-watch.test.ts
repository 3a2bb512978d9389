// The change watch's loop over a scripted feed: what it forgets when a stream opens, resumes,
// ends or cannot go on, and from where it opens the next one.
import { describe, expect, it } from 'vitest';
import { watchChanges, type StreamNote } from '../../gateway/change-watch.ts';
import { FeedError, type ChangeFeed, type FeedCursor, type FeedEvent, type FeedOptions } from '../../src/store/change-feed.ts';
import type { Forgetting } from '../../src/store/change-events.ts';

/** One open's script: events (null: an empty wait), then a failure, or nothing more. */
type Script = Array<FeedEvent | null | FeedError>;

const insert = (id: number): FeedEvent => ({ operationType: 'insert', ns: { db: 'cms', coll: 'articles' }, fullDocument: { id } });
const invalidate: FeedEvent = { operationType: 'invalidate' };

/**
 * A feed playing one script per open; each cursor's position is the number of steps it played.
 * `drained` settles once the last script has played to its end and waits for more.
 */
function scriptedFeed(scripts: Script[]): ChangeFeed & { opened: FeedOptions[]; drained: Promise<void> } {
  const opened: FeedOptions[] = [];
  let drain!: () => void;
  const drained = new Promise<void>((resolve) => (drain = resolve));
  return {
    opened,
    drained,
    openChanges(options): FeedCursor {
      const script = scripts[opened.length] ?? [];
      const open = opened.push(options);
      let played = 0;
      return {
        async next() {
          await new Promise((resolve) => setImmediate(resolve));
          if (played >= script.length) {
            if (open >= scripts.length) drain();
            return new Promise<never>(() => undefined);
          }
          const step = script[played++]!;
          if (step instanceof FeedError) throw step;
          return step;
        },
        position: () => `open ${open}, step ${played}`,
        close: async () => undefined,
      };
    },
  };
}

/** Runs the watch until its last script has played (or `until` is noted); returns what it did. */
async function run(scripts: Script[], until?: string) {
  const feed = scriptedFeed(scripts);
  const applied: Forgetting['kind'][] = [];
  const notes: string[] = [];
  let noted!: () => void;
  const untilNoted = new Promise<void>((resolve) => (noted = resolve));
  const note = (n: StreamNote) => {
    notes.push(n.kind === 'live' ? `live${n.resumed ? ' resumed' : ''}` : n.kind === 'interrupted' ? `interrupted ${n.failure}` : n.kind);
    if (notes.at(-1) === until) noted();
  };
  const watch = watchChanges({ feed, watched: { content: new Set(['articles']), settings: '_settings' }, apply: (f) => applied.push(f.kind), note, waitMs: 10, retryDelayMs: () => 1 });
  await (until ? untilNoted : feed.drained);
  await watch.stop();
  return { applied, notes, resumedFrom: feed.opened.map((options) => options.resumeAfter ?? 'now'), live: watch.live() };
}

const unavailable = () => new FeedError('unavailable', 'the database went away');
const lost = () => new FeedError('lost', 'history lost');

describe('the change watch', () => {
  it.each([
    ['forgets everything when its first stream opens, then each change', [[null, insert(1)]], ['everything', 'changes'], ['now']],
    ['reopens after an outage where the stream stopped, forgetting nothing more', [[null, insert(1), unavailable()], [null, insert(2)]], ['everything', 'changes', 'changes'], ['now', 'open 1, step 3']],
    ['starts from now, forgetting everything, when the stream cannot resume', [[null, insert(1), lost()], [null]], ['everything', 'changes', 'everything'], ['now', 'now']],
    ['starts from now, forgetting everything, when the stream ends (invalidate)', [[null, invalidate], [null]], ['everything', 'everything', 'everything'], ['now', 'now']],
    ['keeps the position of a stream that failed before it opened again', [[null, unavailable()], [unavailable()], [null]], ['everything'], ['now', 'open 1, step 2', 'open 2, step 1']],
  ] as Array<[string, Script[], Forgetting['kind'][], unknown[]]>)('%s', async (_name, scripts, applied, resumedFrom) => {
    const watched = await run(scripts);
    expect(watched.applied).toEqual(applied);
    expect(watched.resumedFrom).toEqual(resumedFrom);
  });

  it('gives the stream up for polling when the deployment has none, and never reopens it', async () => {
    const watched = await run([[new FeedError('unsupported', 'not a replica set')]], 'unsupported');
    expect(watched.notes).toEqual(['unsupported']);
    expect(watched.resumedFrom).toEqual(['now']);
    expect(watched.live).toBe(false);
  });

  it('notes each interruption, then the stream live again once it resumed', async () => {
    const watched = await run([[null, insert(1), unavailable()], [unavailable()], [null]]);
    expect(watched.notes).toEqual(['live', 'change', 'interrupted unavailable', 'interrupted unavailable', 'live resumed']);
  });
});
