// Role permissions in users-permissions' REST format, both ways: the actions a role grants -> the
// tree `GET /api/users-permissions/roles/:id` answers (`{ "api::tag": { controllers: { tag: {
// find: { enabled, policy } } } } }`), every action a model offers in Strapi's order; and a tree a
// client sends (`POST`/`PUT …/roles`) -> the actions it enables, or why it cannot be read.
import { ValidationError } from '../errors/errors.ts';
import { isRecord } from '../model/problems.ts';
import type { ContentModel, ContentType } from '../model/types.ts';

export interface PermissionAction {
  readonly enabled: boolean;
  readonly policy: string;
}

export type PermissionTree = Record<string, { controllers: Record<string, Record<string, PermissionAction>> }>;

/** The plugins' controllers and actions, in the order Strapi v4.25 lists them (recorded: 18-roles-routes.json). */
const PLUGIN_CONTROLLERS: ReadonlyArray<readonly [plugin: string, controllers: Readonly<Record<string, readonly string[]>>]> = [
  ['plugin::content-type-builder', { components: ['getComponents', 'getComponent'], 'content-types': ['getContentTypes', 'getContentType'] }],
  ['plugin::email', { email: ['send'] }],
  ['plugin::upload', { 'content-api': ['find', 'findOne', 'destroy', 'upload'] }],
  [
    'plugin::users-permissions',
    {
      auth: ['callback', 'changePassword', 'resetPassword', 'connect', 'forgotPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation'],
      user: ['create', 'update', 'find', 'findOne', 'count', 'destroy', 'me'],
      role: ['createRole', 'findOne', 'find', 'updateRole', 'deleteRole'],
      permissions: ['getPermissions'],
    },
  ],
  ['plugin::i18n', { locales: ['listLocales'] }],
];

/** A content-type's controller actions: its core router's, and `createLocalization` when localized. */
function contentActions(type: ContentType): string[] {
  const verbs = type.kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete'];
  return type.localized ? [...verbs, 'createLocalization'] : verbs;
}

/** `[api or plugin, controller, actions]` of every action the model offers: its `api::` types by uid, then the plugins'. */
function offered(model: ContentModel): Array<readonly [string, string, readonly string[]]> {
  const types = [...model.contentTypes.values()].filter((type) => type.uid.startsWith('api::')).sort((a, b) => (a.uid < b.uid ? -1 : 1));
  const own = types.map((type) => [type.uid.split('.')[0], type.uid.split('.')[1], contentActions(type)] as const);
  const plugins = PLUGIN_CONTROLLERS.flatMap(([plugin, controllers]) => Object.entries(controllers).map(([controller, actions]) => [plugin, controller, actions] as const));
  return [...own, ...plugins];
}

/** Every action the model offers, `enabled` where `granted` holds it. */
export function permissionTree(model: ContentModel, granted: ReadonlySet<string>): PermissionTree {
  const tree: PermissionTree = {};
  for (const [api, controller, actions] of offered(model)) {
    tree[api] ??= { controllers: {} };
    tree[api].controllers[controller] = Object.fromEntries(actions.map((action) => [action, { enabled: granted.has(`${api}.${controller}.${action}`), policy: '' }]));
  }
  return tree;
}

const SHAPE = 'permissions must be { "<api::… or plugin::…>": { "controllers": { "<controller>": { "<action>": { "enabled": true } } } } }';

/**
 * The actions a client's tree enables, as Strapi reads it (`enabled: true` at each leaf; what is
 * absent or disabled is not granted).
 * @throws ValidationError for a tree of another shape, or naming an action the model does not offer.
 */
export function enabledActions(model: ContentModel, raw: unknown): string[] {
  if (!isRecord(raw)) throw new ValidationError(SHAPE);
  const actions: string[] = [];
  for (const [api, group] of Object.entries(raw)) {
    if (!isRecord(group) || !isRecord(group.controllers)) throw new ValidationError(SHAPE);
    for (const [controller, leaves] of Object.entries(group.controllers)) {
      if (!isRecord(leaves)) throw new ValidationError(SHAPE);
      for (const [action, leaf] of Object.entries(leaves)) {
        if (!isRecord(leaf)) throw new ValidationError(SHAPE);
        if (leaf.enabled === true) actions.push(`${api}.${controller}.${action}`);
      }
    }
  }
  const known = new Set(offered(model).flatMap(([api, controller, names]) => names.map((name) => `${api}.${controller}.${name}`)));
  const unknown = actions.filter((action) => !known.has(action));
  if (unknown.length > 0) throw new ValidationError(`Unknown permission${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, { unknown });
  return [...new Set(actions)];
}
