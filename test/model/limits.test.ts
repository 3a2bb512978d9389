// The value rules a schema file sets on an attribute (min, max, minLength, maxLength, regex,
// targetField; a list's min and max) reach the compiled model, which the write checks read.
import { describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import { contentType } from '../../src/model/types.ts';

describe('attribute limits', () => {
  it.each([
    ['name', { minLength: 2, maxLength: 10 }],
    ['code', { regex: '^[A-Z]{3}$', unique: true }],
    ['handle', { regex: '^[a-z]+$', minLength: 3, maxLength: 8 }],
    ['slug', { targetField: 'name' }],
    ['count', { min: 1, max: 100, default: 5 }],
    ['big', { min: 10n, max: 9007199254740993000n }],
    ['ratio', { min: 0, max: 1.5 }],
    ['rich', { type: 'richtext', maxLength: 4, customField: 'plugin::ckeditor.CKEditor' }],
    ['items', { min: 1, max: 3 }],
    ['zone', { min: 0, max: 2 }],
  ])('%s keeps its rules', async (name, rules) => {
    const model = await loadContentModel('test/fixtures/writes/validation-model');
    expect(contentType(model, 'api::probe.probe').attributes.get(name)).toMatchObject(rules);
  });
});
