import sharp from 'sharp';
import { TaskError, Transfer, serveTasks } from '../../lib/workers/worker.ts';
import { WATERMARK_LIMITS, watermarkImage, watermarkPdf, WatermarkError, type WatermarkTask } from './files.watermark.ts';

sharp.concurrency(1);

/**
 * The worker process that makes watermarked copies (files.watermark.ts): an uploaded PDF or
 * picture is opened here, under the pool's cap on the whole process's memory and its time limit,
 * never in the process that answers requests. A picture's size is read from its header first (sharp, `limitInputPixels`), so a
 * small PNG that would decode to gigapixels is refused before pdf-lib inflates it.
 */
serveTasks<WatermarkTask, Uint8Array>(async (task) => {
  try {
    if (task.family !== 'pdf') {
      const meta = await sharp(task.bytes, { limitInputPixels: WATERMARK_LIMITS.maxImagePixels, failOn: 'error' }).metadata();
      if (!meta.width || !meta.height || meta.width * meta.height > WATERMARK_LIMITS.maxImagePixels) throw new WatermarkError(tooManyPixels());
    }
    const out = task.family === 'pdf' ? await watermarkPdf({ pdf: task.bytes, text: task.text }) : await watermarkImage({ image: task.bytes, family: task.family, text: task.text });
    return new Transfer(out, [out.buffer as ArrayBuffer]);
  } catch (err) {
    if (err instanceof WatermarkError) throw new TaskError('watermark', err.message);
    if (task.family !== 'pdf' && err instanceof Error && /pixel limit/i.test(err.message)) throw new TaskError('watermark', tooManyPixels());
    if (task.family !== 'pdf') throw new TaskError('watermark', '이미지를 읽지 못했습니다. 파일이 손상되었을 수 있습니다');
    throw err;
  }
});

function tooManyPixels(): string {
  return `이미지가 너무 큽니다 (최대 ${Math.round(WATERMARK_LIMITS.maxImagePixels / 1_000_000)}백만 화소). 크기를 줄여 다시 올려 주세요`;
}
