// Readiness and liveness for Kubernetes: /_health keeps its contract (204 ready, 503 in Strapi's
// envelope otherwise) and turns 503 once shutdown began; /_health/live answers while the process does.
import { describe, expect, it } from 'vitest';
import { blogGateway, restRequest } from '../../support/test-gateway.ts';

describe('readiness and liveness', () => {
  it.each([
    ['ready', { ready: true }, false, 204, 204],
    ['starting', { ready: false }, false, 503, 204],
    ['draining', { ready: true }, true, 503, 204],
  ])('while %s, /_health and /_health/live answer as Kubernetes expects', async (_state, options, draining, readiness, liveness) => {
    const { gateway } = await blogGateway(options);
    if (draining) gateway.drain();
    const ready = await gateway.fetch(restRequest('/_health'));
    expect(ready.status).toBe(readiness);
    if (readiness === 503) expect(await ready.json()).toMatchObject({ data: null, error: { status: 503, name: 'ServiceUnavailableError' } });
    expect((await gateway.fetch(restRequest('/_health/live'))).status).toBe(liveness);
  });

  it('says why it is not ready while draining', async () => {
    const { gateway } = await blogGateway();
    gateway.drain();
    expect((await (await gateway.fetch(restRequest('/_health'))).json()).error.message).toBe('The gateway is shutting down');
  });
});
