// The access settings a gateway serves: those it was given (read at start, again after an import)
// until one of its own writes changes them (a role written through the API), then those written,
// as soon as the write is acknowledged, so the next request is granted what the store now holds.
import { settingsOfDoc, SETTINGS_COLLECTION, type AccessSettings } from '../src/auth/settings.ts';
import type { Lifecycle } from '../src/operations/lifecycle.ts';

/**
 * `given` with the settings this gateway's writes put in the store laid over it. Written settings
 * stand until `given` changes (an import, or another gateway's role write read back by the data
 * watch): the newer truth then comes from there.
 */
export function settingsAfterWrites(given: () => AccessSettings | undefined, lifecycle: Lifecycle): () => AccessSettings | undefined {
  let written: { over: AccessSettings | undefined; settings: AccessSettings } | undefined;
  lifecycle.subscribe(({ changes }) => {
    for (const change of changes) {
      if (change.op === 'put' && change.collection === SETTINGS_COLLECTION) written = { over: given(), settings: settingsOfDoc(change.doc) };
    }
  });
  return () => {
    const current = given();
    return written && written.over === current ? written.settings : current;
  };
}
