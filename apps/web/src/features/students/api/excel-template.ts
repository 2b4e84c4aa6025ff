import { studentsApi } from '@academy/contracts/students';
import { download } from '../../../lib/call.ts';

/** The empty import template (.xlsx). */
export const downloadStudentTemplate = () => download(studentsApi.excelTemplate, {}, '학생_일괄등록_양식.xlsx');
