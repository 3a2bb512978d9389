// GraphQL mutations in process, on the conformance fixture: dynamic zone items and the plugins'
// queries answered as a real Strapi v4.25 answered them (test/fixtures/graphql/mutation-answers.json),
// and the plugins' mutations that are served later saying so in Strapi's error envelope.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { graphqlRequest, modelGateway } from '../support/test-gateway.ts';

const FIXTURE = '../shared/conformance/fixture';

interface Recorded {
  name: string;
  request: { query: string; variables?: Record<string, unknown> };
  status: number;
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}
const recorded: Recorded[] = JSON.parse(readFileSync('test/fixtures/graphql/mutation-answers.json', 'utf8')).cases;

/** What the comparison with Strapi keeps of an answer: status, data, and each error's message and code. */
const essentials = (status: number, body: Recorded['body']) => ({
  status,
  data: body.data,
  errors: body.errors?.map((e) => ({ message: e.message, code: e.extensions?.code })),
});

let gateway: Gateway;
beforeAll(async () => {
  gateway = (await modelGateway(`${FIXTURE}/schema`, `${FIXTURE}/seed.json`)).gateway;
});

async function ask(query: string, variables: Record<string, unknown> = {}) {
  const response = await gateway.fetch(graphqlRequest(query, variables));
  return { status: response.status, body: (await response.json()) as Recorded['body'] };
}

describe('GraphQL writes as Strapi v4.25 answered them', () => {
  it.each(recorded.map((c) => [c.name, c] as const))('answers %s as Strapi did', async (_name, c) => {
    const got = await ask(c.request.query, c.request.variables);
    expect(essentials(got.status, got.body)).toEqual(essentials(c.status, c.body));
  });
});

describe('mutations of features served later', () => {
  it('refuses a file given to upload while the document is validated, saying uploads are not accepted yet', async () => {
    const { status, body } = await ask('mutation($file: Upload!) { upload(file: $file) { data { id } } }', { file: 'x' });
    expect(status).toBe(400);
    expect(body.errors?.[0].message).toMatch(/Uploads are not accepted by this gateway yet/);
  });

  it.each([
    ['multipleUpload', 'mutation { multipleUpload(files: []) { data { id } } }', null],
    ['updateFileInfo', 'mutation { updateFileInfo(id: 1, info: { name: "n" }) { data { id } } }', null],
    ['removeFile', 'mutation { removeFile(id: 1) { data { id } } }', { removeFile: null }],
    ['createUploadFolder', 'mutation { createUploadFolder(data: { name: "f" }) { data { id } } }', { createUploadFolder: null }],
    ['updateUploadFolder', 'mutation { updateUploadFolder(id: 1, data: { name: "f" }) { data { id } } }', { updateUploadFolder: null }],
    ['deleteUploadFolder', 'mutation { deleteUploadFolder(id: 1) { data { id } } }', { deleteUploadFolder: null }],
    ['createUsersPermissionsRole', 'mutation { createUsersPermissionsRole(data: { name: "r" }) { ok } }', { createUsersPermissionsRole: null }],
    ['updateUsersPermissionsRole', 'mutation { updateUsersPermissionsRole(id: 1, data: { name: "r" }) { ok } }', { updateUsersPermissionsRole: null }],
    ['deleteUsersPermissionsRole', 'mutation { deleteUsersPermissionsRole(id: 1) { ok } }', { deleteUsersPermissionsRole: null }],
    ['createUsersPermissionsUser', 'mutation { createUsersPermissionsUser(data: { username: "u" }) { data { id } } }', null],
    ['updateUsersPermissionsUser', 'mutation { updateUsersPermissionsUser(id: 1, data: { username: "u" }) { data { id } } }', null],
    ['deleteUsersPermissionsUser', 'mutation { deleteUsersPermissionsUser(id: 1) { data { id } } }', null],
    ['login', 'mutation { login(input: { identifier: "a", password: "b" }) { jwt } }', null],
    ['register', 'mutation { register(input: { username: "u", email: "u@example.com", password: "p" }) { jwt } }', null],
    ['forgotPassword', 'mutation { forgotPassword(email: "u@example.com") { ok } }', { forgotPassword: null }],
    ['resetPassword', 'mutation { resetPassword(password: "p", passwordConfirmation: "p", code: "c") { jwt } }', { resetPassword: null }],
    ['changePassword', 'mutation { changePassword(currentPassword: "a", password: "p", passwordConfirmation: "p") { jwt } }', { changePassword: null }],
    ['emailConfirmation', 'mutation { emailConfirmation(confirmation: "c") { jwt } }', { emailConfirmation: null }],
  ])('%s answers a NotImplementedError naming it, in the GraphQL error envelope', async (field, query, data) => {
    const { status, body } = await ask(query);
    expect(status).toBe(200);
    expect(body.data).toEqual(data);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(new RegExp(`^${field} is not served by this gateway yet \\(.+\\)$`)),
        extensions: expect.objectContaining({ code: 'STRAPI_NOT_IMPLEMENTED_ERROR', error: expect.objectContaining({ name: 'NotImplementedError' }) }),
      }),
    ]);
  });
});
