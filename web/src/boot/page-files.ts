/**
 * The first page's own files (ADR 0033). The server names them in the page's HTML (`orders-page-files`, from
 * the build's page-preloads.json): the chunks the page's route loads that the entry does not, and their style
 * sheets. Once the first paint's paint is reported this inserts a preload link for each, a few per task, and only then
 * lets the app render (first-paint-gate.ts), so that the app's loader, which inserts a link for every chunk a
 * lazy page imports (about 30 for an order, all in the long task that starts the page), finds them already
 * there and inserts none.
 *
 * After the frame's paint rather than before: a request that leaves before the first paint is counted against it (a
 * phone's slow link shares its bandwidth with the frame's). In batches: one task per few links keeps each well
 * under the 50 ms that makes a long task on a phone's CPU. Style sheets are only fetched (`preload`): the app's
 * loader applies each with its page and waits for it, as before.
 */

import { PAGE_FILES_ID } from './page-files-id';

/**
 * Links per task. A link costs about 2 ms of a desktop's CPU and 8 ms of a phone's (Chromium starts its fetch as it
 * is inserted; bench/web_profile.mjs, 4x slower): three per task stay near 25 ms, half a long task.
 */
const BATCH = 3;

export interface PageFiles {
  scripts: string[];
  styles: string[];
}

const isFileList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((file) => typeof file === 'string' && file.startsWith('/assets/'));

/** The page's files from its HTML, or null when the server named none (not one of the first pages). */
export function pageFilesOf(doc: Document): PageFiles | null {
  const text = doc.getElementById(PAGE_FILES_ID)?.textContent;
  if (!text) return null;
  try {
    const files = JSON.parse(text) as Partial<PageFiles>;
    return isFileList(files.scripts) && isFileList(files.styles)
      ? { scripts: files.scripts, styles: files.styles }
      : null;
  } catch {
    return null;
  }
}

type Schedule = (task: () => void) => void;
/** The next task, without `setTimeout`'s 4 ms once nested five deep: a message to itself. */
const nextTask: Schedule = (task) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(null);
};

/**
 * Inserts a link for each of `files` not linked yet, `BATCH` per task (the first at once), then calls `done`: a
 * `modulepreload` per script, a style `preload` per style sheet, with the attributes Vite's loader gives its own
 * (`crossorigin`), so the loader counts them as its own and the browser uses what they fetched.
 */
export function insertPageFiles(
  doc: Document,
  files: PageFiles,
  done: () => void = () => undefined,
  schedule: Schedule = nextTask,
): void {
  const linked = new Set([...doc.getElementsByTagName('link')].map((link) => link.href));
  const wanted = [
    ...files.scripts.map((href) => ({ href, style: false })),
    ...files.styles.map((href) => ({ href, style: true })),
  ].filter(({ href }) => !linked.has(new URL(href, doc.baseURI).href));
  const insert = (from: number) => {
    for (const { href, style } of wanted.slice(from, from + BATCH)) {
      const link = doc.createElement('link');
      link.rel = style ? 'preload' : 'modulepreload';
      link.as = style ? 'style' : 'script';
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    }
    if (from + BATCH < wanted.length) schedule(() => insert(from + BATCH));
    else done();
  };
  insert(0);
}
