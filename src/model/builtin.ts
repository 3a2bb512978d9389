// The built-in media library content-type, `plugin::upload.file`: added to every content model,
// stored in `files`, listed by the `uploadFiles` query and referenced by media attributes.
import { MEDIA_UID, type Attribute, type ContentType, type PlainScalarAttribute } from './types.ts';

const FIELDS: ReadonlyArray<readonly [name: string, type: PlainScalarAttribute['type'], required?: 'required']> = [
  ['name', 'string', 'required'],
  ['alternativeText', 'string'],
  ['caption', 'string'],
  ['width', 'integer'],
  ['height', 'integer'],
  ['formats', 'json'],
  ['hash', 'string', 'required'],
  ['ext', 'string'],
  ['mime', 'string', 'required'],
  ['size', 'decimal', 'required'],
  ['url', 'string', 'required'],
  ['previewUrl', 'string'],
  ['provider', 'string', 'required'],
  ['provider_metadata', 'json'],
];

/** A fresh copy of the media content-type. */
export function mediaContentType(): ContentType {
  const attributes = new Map<string, Attribute>(
    FIELDS.map(([name, type, required]) => [
      name,
      { name, type, required: required === 'required', private: false, unique: false },
    ]),
  );
  return {
    uid: MEDIA_UID,
    kind: 'collectionType',
    singularName: 'file',
    pluralName: 'files',
    displayName: 'File',
    collectionName: 'files',
    draftAndPublish: false,
    localized: false,
    timestamps: true,
    attributes,
    omitted: new Map(),
    source: 'built-in plugin::upload.file',
  };
}
