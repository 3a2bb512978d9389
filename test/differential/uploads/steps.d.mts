import type { UploadStep } from './sequence.ts';
export function uploadSteps(): UploadStep[];
