// The write differential's seed: a model's read seed plus the roles and API tokens that let its
// sequences write (the public role may create on a few types; a full-access, a read-only and a
// custom token), so Strapi (../shared/strapi-reference) and the gateway get the same credentials.
import { apiTypes } from '../live/model.mjs';

/** The secrets a client sends, by caller name; `invalid` is no token of the seed. */
export const TOKENS = {
  full: 'write-differential-full-access-0123456789',
  read: 'write-differential-read-only-0123456789ab',
  custom: 'write-differential-custom-0123456789abcd',
  invalid: 'write-differential-not-a-token-012345678',
};

/** The collection types whose create the public role may do, and the custom token's actions. */
export function writeAccess(model) {
  const collections = apiTypes(model).filter((t) => t.kind === 'collectionType').map((t) => t.uid);
  const publicCreate = collections.slice(0, 2);
  const customTypes = apiTypes(model).map((t) => t.uid).filter((_, i) => i % 2 === 0);
  const customActions = customTypes.flatMap((uid, i) => ['find', 'findOne', 'create', 'update', ...(i === 0 ? ['delete'] : [])].map((a) => `${uid}.${a}`));
  return { publicCreate, publicUpdate: collections.slice(0, 1), customActions };
}

/** `base` (a seed in the gateway's import format) with the write differential's roles and tokens. */
export function writeSeed(model, base) {
  const access = writeAccess(model);
  const pub = base.roles?.public ?? {};
  return {
    ...base,
    roles: { ...base.roles, public: { ...pub, create: access.publicCreate, update: access.publicUpdate } },
    apiTokens: [
      { name: 'write differential, full access', type: 'full-access', token: TOKENS.full },
      { name: 'write differential, read-only', type: 'read-only', token: TOKENS.read },
      { name: 'write differential, custom', type: 'custom', token: TOKENS.custom, permissions: access.customActions },
    ],
  };
}
