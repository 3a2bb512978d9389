// Each rule of the upload differential's documented deviations (uploads/deviations.ts) on a case it
// explains, and on one beside it that it must not: a rule as narrow as its row of docs/decisions.md.
import { describe, expect, it } from 'vitest';
import { explain, type ExplainContext, type UploadDeviationClass } from './uploads/deviations.ts';
import type { Answer, UploadStep } from './uploads/sequence.ts';

const upload: UploadStep = { index: 5, name: 'an upload', method: 'POST', path: '/api/upload', auth: 'full', body: { multipart: [] } };
const read: UploadStep = { index: 6, name: 'a read', method: 'GET', path: '/api/articles/1?populate=gallery', auth: 'full' };
const context: ExplainContext = { steps: [], strapi: [], ours: [], found: {} };
const error = (status: number, name: string, message: string, details: Record<string, unknown> = {}): Answer => ({ status, body: { data: null, error: { status, name, message, details } } });
const file = (extra: Record<string, unknown>) => ({ id: '#5.0', name: 'a.png', mime: 'image/png', size: 1.24, formats: { thumbnail: { mime: 'image/png', size: 3.83, sizeInBytes: 3830 } }, ...extra });
const gallery = (ids: string[]): Answer => ({ status: 200, body: { data: { id: 1, attributes: { gallery: { data: ids.map((id) => ({ id, attributes: { name: id } })) } } } } });
/** A row named `name` of a text file, and of a PDF (the fields a file gives its row). */
const pdfText = (name: string, hash: string) => ({ id: `#5.${name}`, name, caption: null, hash: `${hash}_<hash>`, ext: '.txt', mime: 'text/plain', size: 0.01, url: `/uploads/${hash}_<hash>.txt` });
const textPdf = (name: string, hash: string) => ({ id: `#5.${name}`, name, caption: null, hash: `${hash}_<hash>`, ext: '.pdf', mime: 'application/pdf', size: 0.19, url: `/uploads/${hash}_<hash>.pdf` });
const linkRefusal = (path: string) => error(400, 'ValidationError', `${path} is wrong`, { errors: [{ path: [path], message: 'x', name: 'ValidationError' }] });

describe('the upload deviations', () => {
  it.each<[string, UploadStep, Answer, Answer, UploadDeviationClass | undefined]>([
    ['a text named .jpg we refuse', upload, { status: 200, body: [] }, error(400, 'ApplicationError', 'photo.jpg is declared or named image/jpeg, but its content is not image/jpeg'), 'text-named-as-image'],
    ['another 400 where Strapi stored the file', upload, { status: 200, body: [] }, error(400, 'ApplicationError', 'File name contains invalid characters'), undefined],
    ['a broken body Strapi answers 500', upload, error(500, 'InternalServerError', 'Internal Server Error'), error(400, 'BadRequestError', 'Invalid multipart body: Unexpected end of form'), 'broken-multipart'],
    ['a 400 of ours that is no reading of the body', upload, error(500, 'InternalServerError', 'Internal Server Error'), error(400, 'BadRequestError', 'Something else'), undefined],
    ['a link we check', upload, { status: 200, body: [] }, linkRefusal('refId'), 'checked-link'],
    ['a ValidationError that names no link key', upload, { status: 200, body: [] }, linkRefusal('fileInfo'), undefined],
    ['a PNG format a few bytes apart', upload, { status: 200, body: [file({})] }, { status: 200, body: [file({ formats: { thumbnail: { mime: 'image/png', size: 3.83, sizeInBytes: 3834 } } })] }, 'png-bytes'],
    ['a JPEG format a few bytes apart', upload, { status: 200, body: [file({ mime: 'image/jpeg', formats: { thumbnail: { mime: 'image/jpeg', size: 3.83, sizeInBytes: 3830 } } })] }, { status: 200, body: [file({ mime: 'image/jpeg', formats: { thumbnail: { mime: 'image/jpeg', size: 3.83, sizeInBytes: 3834 } } })] }, undefined],
    ['a stored type by content', upload, { status: 200, body: [file({ mime: 'application/octet-stream' })] }, { status: 200, body: [file({ mime: 'application/pdf' })] }, 'type-by-content'],
    ['a type and a size apart', upload, { status: 200, body: [file({ mime: 'application/octet-stream' })] }, { status: 200, body: [file({ mime: 'application/pdf', size: 9 })] }, undefined],
    ['two fileInfo entries paired crosswise', upload, { status: 200, body: [pdfText('sep-1.pdf', 'sep_1_pdf'), textPdf('sep-2.txt', 'sep_2_txt')] }, { status: 200, body: [textPdf('sep-1.pdf', 'sep_1'), pdfText('sep-2.txt', 'sep_2')] }, 'file-info-order'],
    ['two files of another size', upload, { status: 200, body: [pdfText('sep-1.pdf', 'sep_1_pdf'), textPdf('sep-2.txt', 'sep_2_txt')] }, { status: 200, body: [{ ...textPdf('sep-1.pdf', 'sep_1'), size: 9 }, pdfText('sep-2.txt', 'sep_2')] }, undefined],
    ['two entries with another caption', upload, { status: 200, body: [pdfText('sep-1.pdf', 'sep_1_pdf'), textPdf('sep-2.txt', 'sep_2_txt')] }, { status: 200, body: [{ ...textPdf('sep-1.pdf', 'sep_1'), caption: 'x' }, pdfText('sep-2.txt', 'sep_2')] }, undefined],
    ['a gallery in another order', read, gallery(['2', '#5.0', '4']), gallery(['2', '4', '#5.0']), 'link-appends'],
    ['a gallery with another file', read, gallery(['2', '#5.0', '4']), gallery(['2', '4', '#5.1']), undefined],
  ])('%s', (_name, step, strapi, ours, expected) => {
    expect(explain(step, strapi, ours, context)).toBe(expected);
  });
});
