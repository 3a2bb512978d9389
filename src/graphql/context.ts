// The per-request context both protocols execute with: the model, the store, the caller's role
// and a fresh set of DataLoaders. One is made per HTTP request, never shared between requests.
import type { Role } from '../auth/roles.ts';
import type { ContentModel } from '../model/types.ts';
import type { Doc, Store } from '../store/store.ts';
import { createLoaders, type Loaders } from './loaders.ts';

/** Locales known to the gateway; `defaultLocale` answers requests that name none. */
export interface LocaleSettings {
  codes: readonly string[];
  defaultLocale: string;
}

export interface GatewayContext {
  model: ContentModel;
  store: Store;
  role: Role;
  /** The logged-in user a users-permissions JWT names, for `me`. */
  user?: Doc;
  /** Set by REST's `/api/users/me` only: the user entry this request may read without findOne. */
  self?: number;
  locales: LocaleSettings;
  loaders: Loaders;
}

export function createContext(base: Omit<GatewayContext, 'loaders'>): GatewayContext {
  return { ...base, loaders: createLoaders(base.model, base.store, base.role) };
}
