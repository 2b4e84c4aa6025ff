import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';
import { TAG_COUNTS } from './refreshes.ts';

/** The Excel import, checked (dryRun) or registered; the dialog shows the report and the errors itself. */
export const useImportStudents = () => useApiMutation(studentsApi.importExcel, { invalidates: TAG_COUNTS, errorToast: false });

/** The multipart body of the import: the file and whether to only check it. */
export function importForm(file: File, dryRun: boolean): FormData {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('file', file);
  return form;
}
