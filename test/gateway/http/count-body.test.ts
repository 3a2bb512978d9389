// The request log counts an answer's bytes (gateway/http/observe.ts, countBody): an answer the
// gateway holds whole is told when it is delivered and never made a stream; any other is counted
// as it is read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countBody } from '../../../gateway/http/observe.ts';
import { WholeResponse } from '../../../src/whole-response.ts';

afterEach(() => vi.restoreAllMocks());

describe('countBody', () => {
  it.each([
    ['a whole text', () => new WholeResponse('héllo'), 6, 0],
    ['whole bytes', () => new WholeResponse(new Uint8Array([1, 2, 3])), 3, 0],
    ['an empty whole text', () => new WholeResponse(''), 0, 0],
    ['a streamed body', () => new Response(new Blob(['abcd']).stream()), 4, 1],
    ['no body', () => new Response(null, { status: 204 }), 0, 0],
  ] as const)('counts %s, made a stream only when it was one', async (_name, make, bytes, streams) => {
    const response = make();
    const asked = vi.spyOn(WholeResponse.prototype, 'body', 'get');
    const counted: Array<[number, boolean]> = [];
    const observed = countBody(response, (n, aborted) => counted.push([n, aborted]));
    expect(asked).not.toHaveBeenCalled();
    await observed.arrayBuffer();
    expect(counted).toEqual([[bytes, false]]);
    expect(observed === response).toBe(streams === 0);
  });
});
