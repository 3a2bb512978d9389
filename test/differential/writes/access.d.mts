// Types of access.mjs, for the TypeScript runner and the replay test.
export const TOKENS: { full: string; read: string; custom: string; invalid: string };
export function writeAccess(model: unknown): { publicCreate: string[]; publicUpdate: string[]; customActions: string[] };
export function writeSeed(model: unknown, base: unknown): Record<string, unknown>;
