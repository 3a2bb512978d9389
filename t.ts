import { modelGateway } from './test/support/test-gateway.ts';
import { authServices } from './src/operations/auth/services.ts';
const t = await modelGateway('test/fixtures/schemas/conformance', 'test/fixtures/users-permissions/seed.json', {
  secrets: { apiTokenSalt: 'conformance-api-token-salt', jwtSecret: 'conformance-jwt-secret' },
});
const post = async (path: string, body: unknown, headers: Record<string,string> = {}) => {
  const r = await t.gateway.fetch(new Request('http://g.test' + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));
  return [r.status, Object.fromEntries([...r.headers].filter(([k]) => k.startsWith('x-rate'))), await r.text()];
};
console.log(await post('/api/auth/local', { identifier: 'alice', password: 'Alice-Pass-1' }));
console.log(await post('/api/auth/local', { identifier: 'alice', password: 'nope' }));
console.log(await post('/api/auth/local', { identifier: {$ne: 'x'}, password: 'nope' }));
console.log(await post('/api/auth/local', { identifier: 'bob', password: 'Bob-Pass-1' }));
console.log(await post('/api/auth/local/register', { username: 'newuser1', email: 'NewUser1@example.com', password: 'Newuser-Pass-1' }));
const [, , text] = await post('/api/auth/local', { identifier: 'newuser1', password: 'Newuser-Pass-1' });
const jwt = JSON.parse(text as string).jwt;
const me = await t.gateway.fetch(new Request('http://g.test/api/users/me', { headers: { authorization: 'Bearer ' + jwt } }));
console.log(me.status, await me.text());
console.log(await post('/api/auth/change-password', { currentPassword: 'Newuser-Pass-1', password: 'Newuser-Pass-2', passwordConfirmation: 'Newuser-Pass-2' }, { authorization: 'Bearer ' + jwt }));
console.log(await post('/api/auth/forgot-password', { email: 'alice@example.com' }));
console.log(t.logged);
