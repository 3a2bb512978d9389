// A checked seed -> the access settings an import saves: its locales, the actions each role grants
// (with the id of each role's entry) and the digests of its own bearer tokens.
import { digest, type AccessSettings } from '../auth/settings.ts';
import type { Seed } from './parse-seed.ts';
import { roleActions, roleEntries } from './role-entries.ts';

export function settingsFromSeed(seed: Pick<Seed, 'locales' | 'roles' | 'tokens'>): AccessSettings {
  const defaultLocale = seed.locales.find((l) => l.isDefault)?.code ?? seed.locales[0]?.code ?? 'en';
  const { ids } = roleEntries(seed.roles);
  return {
    locales: { codes: seed.locales.map((l) => l.code), defaultLocale },
    roles: Object.fromEntries([...ids.keys()].map((type) => [type, roleActions(type, seed.roles[type])])),
    roleTypes: Object.fromEntries([...ids].map(([type, id]) => [String(id), type])),
    tokens: Object.fromEntries(Object.entries(seed.tokens).map(([token, role]) => [digest(token), role])),
  };
}
