// Types of model.mjs, for TypeScript callers (the write differential): the model is opaque to them.
export function loadModel(dir: string): unknown;
