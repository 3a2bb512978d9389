// A V8 CPU profile (`node --cpu-prof`'s .cpuprofile JSON) -> where the time went: self time per
// function and per file, largest first, as shares of the time the process was not idle. Pure.

/** The parts of a .cpuprofile this reads. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  /** `function (file)`, or V8's `(garbage collector)`, `(program)`..., or a native function's name. */
  name: string;
  /** The file, relative to the project (`node_modules/graphql/...`, `src/...`), or V8's name. */
  file: string;
  ms: number;
  /** Of the time not idle. */
  share: number;
}

export interface ProfileSummary {
  /** Sampled time, idle included, and idle alone. */
  totalMs: number;
  idleMs: number;
  functions: SelfTime[];
  files: SelfTime[];
}

/** A script URL as a path within the project, or V8's pseudo-name for time outside scripts. */
export function shortFile(url: string, root: string): string {
  if (url === '') return '(native)';
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) return path.slice(modules + 1);
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

function ranked(times: Map<string, { file: string; ms: number }>, busyMs: number, top: number): SelfTime[] {
  return [...times].map(([name, { file, ms }]) => ({ name, file, ms, share: busyMs > 0 ? ms / busyMs : 0 })).sort((a, b) => b.ms - a.ms).slice(0, top);
}

/** A span of the profile, in ms from its first sample (the process's start-up left out). */
export interface ProfileWindow {
  fromMs: number;
  toMs: number;
}

/** Self time by function and by file within `window`; `(idle)` is counted apart. */
export function summariseProfile(profile: CpuProfile, root: string, top = 15, window: ProfileWindow = { fromMs: 0, toMs: Infinity }): ProfileSummary {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, { file: string; ms: number }>();
  const byFile = new Map<string, { file: string; ms: number }>();
  let totalMs = 0;
  let idleMs = 0;
  let atMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    atMs += ms;
    const frame = frames.get(id);
    if (!frame || atMs < window.fromMs || atMs > window.toMs) return;
    totalMs += ms;
    if (frame.functionName === '(idle)') {
      idleMs += ms;
      return;
    }
    const file = frame.url ? shortFile(frame.url, root) : frame.functionName || '(native)';
    // Line numbers are left out: under tsx they are the transpiled code's, not the source's.
    const name = frame.url ? `${frame.functionName || '(anonymous)'} (${file})` : frame.functionName || '(native)';
    const add = (map: Map<string, { file: string; ms: number }>, key: string) => map.set(key, { file, ms: (map.get(key)?.ms ?? 0) + ms });
    add(byFunction, name);
    add(byFile, file);
  });
  const busyMs = totalMs - idleMs;
  return { totalMs, idleMs, functions: ranked(byFunction, busyMs, top), files: ranked(byFile, busyMs, top) };
}
