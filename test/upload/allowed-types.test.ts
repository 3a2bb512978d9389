// A media attribute's allowedTypes against a stored file's type: Strapi's four kinds of media.
import { describe, expect, it } from 'vitest';
import { allowsType, mediaKind } from '../../src/upload/allowed-types.ts';

describe('mediaKind', () => {
  it.each([
    ['image/jpeg', 'images'],
    ['image/svg+xml', 'images'],
    ['IMAGE/PNG', 'images'],
    ['video/mp4', 'videos'],
    ['audio/mpeg', 'audios'],
    ['application/pdf', 'files'],
    ['text/plain', 'files'],
    ['application/octet-stream', 'files'],
  ])('files %s under %s', (mime, kind) => {
    expect(mediaKind(mime)).toBe(kind);
  });
});

describe('allowsType', () => {
  it.each([
    [['images'], 'image/png', true],
    [['images'], 'application/pdf', false],
    [['images', 'files'], 'application/pdf', true],
    [['files'], 'image/png', false],
    [['videos', 'audios'], 'audio/ogg', true],
    [['images', 'files', 'videos', 'audios'], 'font/woff2', true],
  ])('allowedTypes %j with %s: %s', (allowedTypes, mime, expected) => {
    expect(allowsType({ allowedTypes }, mime)).toBe(expected);
  });
});
