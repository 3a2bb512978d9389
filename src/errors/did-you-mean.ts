// A word that names nothing, and the words that would -> the closest of them, for a message's
// "did you mean": an edit distance of at most a third of the word's length (and at least 1).

/**
 * Edits between `a` and `b`: insert, delete, substitute, or swap two neighbours (a typo's usual
 * shapes; the optimal string alignment distance), a row of the table at a time.
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j]!, before[j - 2]! + 1);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length]!;
}

/**
 * The known word closest to `given` (case ignored), when a few edits reach it; the first of a tie.
 * Undefined when none is near: a guess far off helps less than the list of what is known.
 */
export function closest(given: string, known: Iterable<string>): string | undefined {
  const most = Math.max(1, Math.floor(given.length / 3));
  let best: { word: string; distance: number } | undefined;
  for (const word of known) {
    const distance = editDistance(given.toLowerCase(), word.toLowerCase());
    if (distance <= most && (!best || distance < best.distance)) best = { word, distance };
  }
  return best?.word;
}

/** ` Did you mean "x"?`, or nothing when no known word is near `given`. */
export function didYouMean(given: string, known: Iterable<string>, quote: (word: string) => string = (word) => `"${word}"`): string {
  const word = closest(given, known);
  return word === undefined ? '' : ` Did you mean ${quote(word)}?`;
}
