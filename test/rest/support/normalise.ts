// The conformance checker's normalisation: `createdAt`/`updatedAt` timestamps become
// "<timestamp>" and component ids (objects with an id and no attributes) "<id>", so a body made
// from data recorded at another time compares equal to Strapi's golden answer.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export function normalise(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => normalise(item));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const isComponent = 'id' in record && !('attributes' in record) && parentKey !== 'error';
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    if ((key === 'createdAt' || key === 'updatedAt') && typeof item === 'string' && TIMESTAMP.test(item)) out[key] = '<timestamp>';
    else if (key === 'id' && isComponent && item !== null && /^\d+$/.test(String(item))) out[key] = '<id>';
    else out[key] = normalise(item, key);
  }
  return out;
}
