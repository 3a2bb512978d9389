// Signatures as the Standard Webhooks specification makes them (its published test vector), and
// the receiver's check: a wrong secret, a changed body, an old timestamp or a missing header fail;
// one of several signatures matching (a secret being rotated) passes.
import { describe, expect, it } from 'vitest';
import { deliveryHeaders, signature, verifySignature } from '../../src/webhooks/sign.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';

describe('signing', () => {
  it("reproduces the specification's test vector", () => {
    expect(signature(SECRET, ID, TIMESTAMP, BODY)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('sends the id and timestamp always, the signature only with a secret', () => {
    expect(deliveryHeaders(undefined, ID, TIMESTAMP, BODY)).toEqual([['webhook-id', ID], ['webhook-timestamp', String(TIMESTAMP)]]);
    expect(deliveryHeaders(SECRET, ID, TIMESTAMP, BODY).map(([name]) => name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });
});

describe('verifying', () => {
  const headers = (overrides: Record<string, string | undefined> = {}) => {
    const all: Record<string, string | undefined> = { 'webhook-id': ID, 'webhook-timestamp': String(TIMESTAMP), 'webhook-signature': signature(SECRET, ID, TIMESTAMP, BODY), ...overrides };
    return new Headers(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
  };
  it.each([
    { name: 'the request as signed', secret: SECRET, headers: headers(), body: BODY, now: TIMESTAMP + 10, valid: true },
    { name: 'a second signature matching (rotation)', secret: SECRET, headers: headers({ 'webhook-signature': `v1,bm90LXRoaXMtb25l ${signature(SECRET, ID, TIMESTAMP, BODY)}` }), body: BODY, now: TIMESTAMP, valid: true },
    { name: 'another secret', secret: 'whsec_' + Buffer.alloc(24, 7).toString('base64'), headers: headers(), body: BODY, now: TIMESTAMP, valid: false },
    { name: 'a changed body', secret: SECRET, headers: headers(), body: '{"test": 1}', now: TIMESTAMP, valid: false },
    { name: 'another id', secret: SECRET, headers: headers({ 'webhook-id': 'msg_other' }), body: BODY, now: TIMESTAMP, valid: false },
    { name: 'a timestamp 6 minutes old', secret: SECRET, headers: headers(), body: BODY, now: TIMESTAMP + 360, valid: false },
    { name: 'no signature', secret: SECRET, headers: headers({ 'webhook-signature': undefined }), body: BODY, now: TIMESTAMP, valid: false },
  ])('$name: $valid', ({ secret, headers: given, body, now, valid }) => {
    expect(verifySignature(secret, given, body, now)).toBe(valid);
  });
});
