// The upload plugin's mutations -> the media library's operations: `upload` and `multipleUpload` (files
// of a multipart request), `updateFileInfo`, `removeFile` (null for a file that is not there, as
// Strapi answers), and the shadow CRUD's `deleteUploadFile`, which removes the stored files too, and
// `createUploadFile`, refused: a row without a stored file is no file.
import type { GraphQLFieldResolver } from 'graphql';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors/errors.ts';
import { contentType, MEDIA_UID } from '../../model/types.ts';
import { authorize } from '../../operations/authorize.ts';
import type { MediaLink } from '../../operations/operation.ts';
import { runOperation } from '../../operations/run.ts';
import type { RequestScope } from '../../operations/scope.ts';
import type { Doc } from '../../store/store.ts';
import type { FileInfo } from '../../upload/file-info.ts';
import type { ReceivedFile } from '../../upload/multipart.ts';
import type { UploadValue } from '../../upload/upload-value.ts';

type Args = Record<string, unknown>;
type Resolver = GraphQLFieldResolver<unknown, RequestScope, Args>;

export function uploadMutationResolvers(): Record<string, Resolver> {
  return {
    upload: async (_root, args, scope) => {
      const files = [receivedFile(args.file as UploadValue)];
      const { data } = (await runOperation(scope, { action: 'upload', input: { files, infos: [infoOf(args.info)], link: linkOf(args) } })) as { data: Doc[] };
      return { data: data[0] };
    },
    multipleUpload: async (_root, args, scope) => {
      const files = (args.files as Array<UploadValue | null>).filter((value): value is UploadValue => value !== null).map(receivedFile);
      const { data } = (await runOperation(scope, { action: 'upload', input: { files, infos: [], link: linkOf(args) } })) as { data: Doc[] };
      return data.map((doc) => ({ data: doc }));
    },
    updateFileInfo: (_root, args, scope) => runOperation(scope, { action: 'updateFileInfo', input: { id: String(args.id), info: infoOf(args.info) } }),
    removeFile: async (_root, args, scope) => {
      try {
        return await runOperation(scope, { action: 'deleteFile', input: { id: String(args.id) } });
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
    deleteUploadFile: (_root, args, scope) => runOperation(scope, { action: 'deleteFile', input: { id: String(args.id) } }),
    createUploadFile: (_root, args, scope) => {
      authorize(scope, { action: 'create', type: contentType(scope.model, MEDIA_UID), input: { data: args.data, publishByDefault: false } });
      throw new ValidationError('A file is created by uploading it (upload, multipleUpload, POST /api/upload): createUploadFile would make a row without a stored file');
    },
  };
}

/** @throws BadRequestError, Strapi's words, when the request's `map` named a part it did not send. */
function receivedFile(value: UploadValue): ReceivedFile {
  if (!value.file) throw new BadRequestError('File missing in the request.');
  return value.file;
}

/** `FileInfoInput`, typed by the schema already; absent: nothing to change. */
function infoOf(info: unknown): FileInfo {
  return (info ?? {}) as FileInfo;
}

/** `ref`, `refId`, `field` when all three are given, as REST reads them. */
function linkOf(args: Args): MediaLink | undefined {
  const { ref, refId, field } = args;
  if (typeof ref !== 'string' || (typeof refId !== 'string' && typeof refId !== 'number') || typeof field !== 'string') return undefined;
  return { ref, refId: String(refId), field };
}
