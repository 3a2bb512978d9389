// Waiting for what another part of the process, or another process, does: a condition in, a
// promise that settles once it holds out. No bound of its own: the test's timeout ends a wait that
// never ends, so a busy machine makes the wait longer and fails nothing.

/**
 * Asks `holds` now, then after each pause of `pauseMs`, until it is true.
 * @returns the number of times it was asked.
 */
export async function eventually(holds: () => boolean | Promise<boolean>, pauseMs = 10): Promise<number> {
  let asked = 1;
  while (!(await holds())) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    asked++;
  }
  return asked;
}
