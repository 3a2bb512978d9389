// The content-types of users-permissions, in Strapi's schema-file form, that every Strapi v4
// project has. They are compiled like a project's own files; `extensions/` may change them.
import { PERMISSION_UID, ROLE_UID, USER_UID } from './types.ts';

/** A plugin content-type's schema as the plugin declares it (the JSON of a schema file). */
export interface PluginSchema {
  uid: string;
  json: Record<string, unknown>;
}

const fixed = { configurable: false };

export const PLUGIN_SCHEMAS: readonly PluginSchema[] = [
  {
    uid: USER_UID,
    json: {
      kind: 'collectionType',
      collectionName: 'up_users',
      info: { name: 'user', description: '', singularName: 'user', pluralName: 'users', displayName: 'User' },
      options: { draftAndPublish: false, timestamps: true },
      attributes: {
        username: { type: 'string', minLength: 3, unique: true, required: true, ...fixed },
        email: { type: 'email', minLength: 6, required: true, ...fixed },
        provider: { type: 'string', ...fixed },
        password: { type: 'password', minLength: 6, private: true, searchable: false, ...fixed },
        resetPasswordToken: { type: 'string', private: true, searchable: false, ...fixed },
        confirmationToken: { type: 'string', private: true, searchable: false, ...fixed },
        confirmed: { type: 'boolean', default: false, ...fixed },
        blocked: { type: 'boolean', default: false, ...fixed },
        role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'users', ...fixed },
      },
    },
  },
  {
    uid: ROLE_UID,
    json: {
      kind: 'collectionType',
      collectionName: 'up_roles',
      info: { name: 'role', description: '', singularName: 'role', pluralName: 'roles', displayName: 'Role' },
      attributes: {
        name: { type: 'string', minLength: 3, required: true, ...fixed },
        description: { type: 'string', ...fixed },
        type: { type: 'string', unique: true, ...fixed },
        permissions: { type: 'relation', relation: 'oneToMany', target: PERMISSION_UID, mappedBy: 'role', ...fixed },
        users: { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'role', ...fixed },
      },
    },
  },
  {
    uid: PERMISSION_UID,
    json: {
      kind: 'collectionType',
      collectionName: 'up_permissions',
      info: { name: 'permission', description: '', singularName: 'permission', pluralName: 'permissions', displayName: 'Permission' },
      attributes: {
        action: { type: 'string', required: true, ...fixed },
        role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'permissions', ...fixed },
      },
    },
  },
];
