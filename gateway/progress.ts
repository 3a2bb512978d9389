// Progress of a long import -> the terminal: one bar redrawn in place on a TTY, plain lines
// otherwise (a log keeps every line; a bar would fill it with carriage returns).
const BAR_WIDTH = 30;

export interface ProgressOptions {
  tty: boolean;
  write?: (text: string) => void;
}

/** Documents written: a line per batch, or the bar. */
export function writeProgress({ tty, write = (text) => process.stdout.write(text) }: ProgressOptions) {
  return (done: number, total: number, collection: string): void => {
    if (!tty) write(`wrote ${done}/${total} documents (${collection})\n`);
    else drawBar(write, done, total, `${done}/${total} ${collection.padEnd(24)}`);
  };
}

/** Bytes of an archive read: a line at each tenth, or the bar. */
export function readProgress({ tty, write = (text) => process.stdout.write(text) }: ProgressOptions) {
  let lastTenth = -1;
  return (done: number, total: number): void => {
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    if (!tty) write(`read ${tenth * 10}% of the archive (${done}/${total} bytes)\n`);
    else drawBar(write, done, total, `read ${done}/${total} bytes`.padEnd(32));
  };
}

function drawBar(write: (text: string) => void, done: number, total: number, label: string): void {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  write(`\r[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}% ${label}`);
  if (done === total) write('\n');
}
