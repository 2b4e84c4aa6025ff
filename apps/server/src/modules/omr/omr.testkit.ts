/**
 * For tests and the bench: realistic filled sheets made from our own printed PDF (scanned or
 * photographed), the exam layout they are made from, and the accuracy measurement.
 */
export { ACCURACY_QUESTIONS, measureAccuracy } from './engine/accuracy.ts';
export { createSheetGenerator, scannerPdf, type GeneratedSheet, type Student } from './engine/generator.ts';
export { buildExamLayout } from './engine/layout.ts';
