import { Worker } from 'node:worker_threads';
import { AppError } from '@app/errors';

/** A PDF's text is read in a worker with its own memory cap and deadline: a hostile file stalls neither. */
const PDF_TIMEOUT_MS = 20_000;
const PDF_MEMORY_MB = 256;

/**
 * unpdf (a serverless build of Mozilla's pdf.js) is an ES module underneath; the worker loads it
 * natively whatever module system runs this file. Pages are joined by blank lines (paragraphs).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { extractText, getDocumentProxy } = require(workerData.unpdf);
(async () => {
  const pdf = await getDocumentProxy(new Uint8Array(workerData.bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  parentPort.postMessage({ text: text.join('\\n\\n') });
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

export function pdfText(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { unpdf: require.resolve('unpdf'), bytes },
      resourceLimits: { maxOldGenerationSizeMb: PDF_MEMORY_MB },
    });
    const unreadable = (why: string) =>
      new AppError('validation_error', `file is not a readable PDF (${why})`, { field: 'file' });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(unreadable(`no text within ${PDF_TIMEOUT_MS / 1000} s`));
    }, PDF_TIMEOUT_MS);
    worker.once('message', (result: { text?: string; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (result.text !== undefined) resolve(result.text);
      else reject(unreadable(result.error ?? 'unknown error'));
    });
    worker.once('error', (error: Error) => {
      clearTimeout(timer);
      reject(unreadable(error.message));
    });
  });
}
