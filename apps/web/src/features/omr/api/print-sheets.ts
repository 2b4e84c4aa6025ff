import { omrApi } from '@academy/contracts/omr';
import { download } from '../../../lib/call.ts';

/** Downloads the printable sheets: one per participant (name and QR printed) or `copies` blank ones. */
export const printSheets = (o: { examId: number; mode: 'blank' | 'students'; copies: number }) =>
  download(omrApi.sheetPdf, { params: { examId: o.examId }, query: { mode: o.mode, copies: o.copies } }, 'OMR 답안지.pdf');
