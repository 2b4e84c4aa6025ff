import { studentsApi } from '@academy/contracts/students';
import { download } from '../../../lib/call.ts';
import type { StudentListParams } from './student-list.ts';

/** The grid's current filter as an .xlsx. */
export const downloadStudentList = (query: StudentListParams) => download(studentsApi.excelExport, { query }, '학생목록.xlsx');
