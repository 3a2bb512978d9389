// Strapi's permission actions, by name: what a role or an API token grants, one string per action
// (`api::article.article.find`, `plugin::users-permissions.auth.callback`,
// `plugin::upload.content-api.upload`). The one place that says which names exist and how a
// content-type's verbs and a seed's `roles.<type>.<verb>: [subject]` are spelled as actions.
import { MEDIA_UID, ROLE_UID, USER_UID } from '../model/types.ts';

/** What a request does to a content-type's entries, as the operations name it. */
export type ContentVerb = 'find' | 'findOne' | 'create' | 'update' | 'delete';

export const CONTENT_VERBS: readonly ContentVerb[] = ['find', 'findOne', 'create', 'update', 'delete'];

/** The upload plugin's content API: its actions name this controller, not the file content-type. */
const UPLOAD_API = 'plugin::upload.content-api';

/** Actions of the plugins' content APIs (Strapi v4.25's users-permissions, upload and i18n). */
export const PLUGIN_ACTIONS = {
  auth: {
    callback: 'plugin::users-permissions.auth.callback',
    connect: 'plugin::users-permissions.auth.connect',
    register: 'plugin::users-permissions.auth.register',
    forgotPassword: 'plugin::users-permissions.auth.forgotPassword',
    resetPassword: 'plugin::users-permissions.auth.resetPassword',
    changePassword: 'plugin::users-permissions.auth.changePassword',
    emailConfirmation: 'plugin::users-permissions.auth.emailConfirmation',
    sendEmailConfirmation: 'plugin::users-permissions.auth.sendEmailConfirmation',
  },
  user: {
    me: 'plugin::users-permissions.user.me',
    count: 'plugin::users-permissions.user.count',
    find: 'plugin::users-permissions.user.find',
    findOne: 'plugin::users-permissions.user.findOne',
    create: 'plugin::users-permissions.user.create',
    update: 'plugin::users-permissions.user.update',
    destroy: 'plugin::users-permissions.user.destroy',
  },
  role: {
    find: 'plugin::users-permissions.role.find',
    findOne: 'plugin::users-permissions.role.findOne',
    createRole: 'plugin::users-permissions.role.createRole',
    updateRole: 'plugin::users-permissions.role.updateRole',
    deleteRole: 'plugin::users-permissions.role.deleteRole',
  },
  permissions: { getPermissions: 'plugin::users-permissions.permissions.getPermissions' },
  upload: {
    find: `${UPLOAD_API}.find`,
    findOne: `${UPLOAD_API}.findOne`,
    upload: `${UPLOAD_API}.upload`,
    destroy: `${UPLOAD_API}.destroy`,
  },
  i18n: { listLocales: 'plugin::i18n.locales.listLocales' },
} as const;

const KNOWN_PLUGIN_ACTIONS: ReadonlySet<string> = new Set(Object.values(PLUGIN_ACTIONS).flatMap((group) => Object.values(group)));

/**
 * The verbs of the plugins' content-types as their actions spell them: users are destroyed, media
 * uploaded and destroyed, roles created, updated and deleted by their own names.
 */
const PLUGIN_VERBS: Readonly<Record<string, Partial<Record<ContentVerb, string>>>> = {
  [MEDIA_UID]: { find: PLUGIN_ACTIONS.upload.find, findOne: PLUGIN_ACTIONS.upload.findOne, create: PLUGIN_ACTIONS.upload.upload, delete: PLUGIN_ACTIONS.upload.destroy },
  [USER_UID]: { find: PLUGIN_ACTIONS.user.find, findOne: PLUGIN_ACTIONS.user.findOne, create: PLUGIN_ACTIONS.user.create, update: PLUGIN_ACTIONS.user.update, delete: PLUGIN_ACTIONS.user.destroy },
  [ROLE_UID]: { find: PLUGIN_ACTIONS.role.find, findOne: PLUGIN_ACTIONS.role.findOne, create: PLUGIN_ACTIONS.role.createRole, update: PLUGIN_ACTIONS.role.updateRole, delete: PLUGIN_ACTIONS.role.deleteRole },
};

const byUid = new Map<string, Record<ContentVerb, string>>();

/** The action that lets a caller do `verb` to the entries of the content-type `uid` (remembered per uid). */
export function contentAction(uid: string, verb: ContentVerb): string {
  let actions = byUid.get(uid);
  if (!actions) {
    const plugin = PLUGIN_VERBS[uid] ?? {};
    actions = Object.fromEntries(CONTENT_VERBS.map((v) => [v, plugin[v] ?? `${uid}.${v}`])) as Record<ContentVerb, string>;
    byUid.set(uid, actions);
  }
  return actions[verb];
}

/**
 * The action a seed's `roles.<type>.<verb>: [subject]` grants, spelled as the reference Strapi
 * reads a seed: `<subject>.<verb>`, but media (`plugin::upload.file`) names the upload controller.
 */
export function seedAction(subject: string, verb: string): string {
  return subject === MEDIA_UID ? `${UPLOAD_API}.${verb}` : `${subject}.${verb}`;
}

/** The seed's `[subject, verb]` of an action: {@link seedAction}'s inverse. */
export function seedGrantOf(action: string): [subject: string, verb: string] {
  const dot = action.lastIndexOf('.');
  const subject = action.slice(0, dot);
  return [subject === UPLOAD_API ? MEDIA_UID : subject, action.slice(dot + 1)];
}

/** Whether an action only reads (`…find`, `…findOne`): what a read-only API token may do. */
export function isReadAction(action: string): boolean {
  return action.endsWith('.find') || action.endsWith('.findOne');
}

/**
 * Whether `action` names something a role can be granted under this model: a verb on one of its
 * `api::` content-types, or an action of the plugins' content APIs.
 */
export function isKnownAction(action: string, apiTypes: ReadonlySet<string>): boolean {
  if (KNOWN_PLUGIN_ACTIONS.has(action)) return true;
  const [subject, verb] = seedGrantOf(action);
  return apiTypes.has(subject) && (CONTENT_VERBS as readonly string[]).includes(verb);
}

/** Every action a role could be granted under a model whose `api::` content-types are `apiTypes`, for messages. */
export function knownActions(apiTypes: ReadonlySet<string>): string[] {
  return [...[...apiTypes].flatMap((uid) => CONTENT_VERBS.map((verb) => contentAction(uid, verb))), ...KNOWN_PLUGIN_ACTIONS];
}

/**
 * What users-permissions grants Strapi's two roles when it creates them (as a Strapi 4.25 export
 * holds them, test/fixtures/strapi-export/conformance.tar.gz): signing in, registering and the
 * password and confirmation routes for the public role; the own user and a password change for
 * the authenticated one. Every seed import gives them these besides what it names, as Strapi's
 * bootstrap does before a project's own permissions are added.
 */
export const DEFAULT_ROLE_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  public: [
    PLUGIN_ACTIONS.auth.callback,
    PLUGIN_ACTIONS.auth.connect,
    PLUGIN_ACTIONS.auth.forgotPassword,
    PLUGIN_ACTIONS.auth.resetPassword,
    PLUGIN_ACTIONS.auth.register,
    PLUGIN_ACTIONS.auth.emailConfirmation,
    PLUGIN_ACTIONS.auth.sendEmailConfirmation,
  ],
  authenticated: [PLUGIN_ACTIONS.user.me, PLUGIN_ACTIONS.auth.changePassword],
};

/** Whether text is spelled as an action (`api::article.article.find`, `plugin::upload.content-api.upload`). */
export function looksLikeAction(text: string): boolean {
  return /^(api|plugin)::[\w-]+\.[\w-]+\.\w+$/.test(text);
}
