// The upload plugin's writes as rows of the route table: `POST /api/upload` (files, or with `?id=` a
// file's info or its replacement) and `DELETE /api/upload/files/:id`. A request's raw fields become
// the typed operation here; answers are the bare file objects Strapi answers, read back as GETs.
import { PLUGIN_ACTIONS } from '../access/actions.ts';
import { ValidationError } from '../errors/errors.ts';
import { MEDIA_UID, type ContentModel } from '../model/types.ts';
import type { MediaLink, Operation } from '../operations/operation.ts';
import type { Doc } from '../store/store.ts';
import { singleFileInfo, uploadFileInfos } from '../upload/file-info.ts';
import type { CallInput, RouteRow } from './table.ts';

const FILE_SCHEMA = { $ref: '#/components/schemas/UploadFile' };

/** The upload rows of a model that has the media library. */
export function uploadRows(model: ContentModel): RouteRow[] {
  const media = model.contentTypes.get(MEDIA_UID);
  if (!media) return [];
  return [
    {
      method: 'POST',
      path: '/api/upload',
      action: PLUGIN_ACTIONS.upload.upload,
      handler: {
        kind: 'call',
        body: 'multipart',
        operation: uploadOperation,
        answer: async (result, { read }) => {
          const { data } = result as { data: Doc | Doc[] };
          return Array.isArray(data) ? Promise.all(data.map((doc) => read(media, 'files', doc.id))) : read(media, 'files', data.id);
        },
        doc: {
          operationId: 'upload',
          summary: 'Upload files (multipart `files`, optional `fileInfo`, `ref`, `refId`, `field`); with `?id=`, change a file\'s info or replace its file',
          tag: 'Upload',
          requestBody: { type: 'object', properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } }, fileInfo: { type: 'string' }, ref: { type: 'string' }, refId: { type: 'string' }, field: { type: 'string' } } },
          response: { oneOf: [{ type: 'array', items: FILE_SCHEMA }, FILE_SCHEMA] },
        },
      },
    },
    {
      method: 'DELETE',
      path: '/api/upload/files/:id',
      action: PLUGIN_ACTIONS.upload.destroy,
      handler: {
        kind: 'call',
        operation: ({ params }) => ({ action: 'deleteFile', input: { id: params.id } }),
        before: ({ params }, read) => read(media, 'files', Number(params.id)),
        answer: (_result, { before }) => before,
        doc: { operationId: 'deleteFile', summary: 'Delete a file and its formats (the file as it was)', tag: 'Upload', response: FILE_SCHEMA },
      },
    },
  ];
}

/**
 * `POST /api/upload`'s operation: an upload, or with `?id=` a change of info (no file, or only an
 * empty one) or a replacement (one file).
 * @throws ValidationError "Files are empty" for an upload without a file (or with a single empty
 *   one), "Cannot replace a file with multiple ones"; fileInfo's own errors.
 */
export function uploadOperation(input: CallInput): Operation {
  const fields = (input.body !== null && typeof input.body === 'object' ? input.body : {}) as Record<string, unknown>;
  const id = input.query.id;
  // Strapi reads the `files` parts only, and a single empty one as none.
  const parts = input.files.filter((file) => file.field === 'files');
  const files = parts.length === 1 && parts[0].bytes === 0 ? [] : parts;
  if (id !== undefined) {
    const info = singleFileInfo(fields.fileInfo);
    const given = typeof id === 'string' ? id : '';
    if (files.length > 1) throw new ValidationError('Cannot replace a file with multiple ones');
    return files.length === 1 ? { action: 'replaceFile', input: { id: given, file: files[0], info } } : { action: 'updateFileInfo', input: { id: given, info } };
  }
  if (files.length === 0) throw new ValidationError('Files are empty');
  return { action: 'upload', input: { files, infos: uploadFileInfos(fields.fileInfo, files.length), link: linkOf(fields) } };
}

/** `ref`, `refId` and `field` when all three are given (Strapi links nothing otherwise). */
function linkOf(fields: Record<string, unknown>): MediaLink | undefined {
  const [ref, refId, field] = [fields.ref, fields.refId, fields.field].map(lastText);
  return ref !== undefined && refId !== undefined && field !== undefined ? { ref, refId, field } : undefined;
}

function lastText(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : typeof last === 'number' ? String(last) : undefined;
}
