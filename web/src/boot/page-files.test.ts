import { afterEach, describe, expect, it } from 'vitest';
import { insertPageFiles, pageFilesOf } from './page-files';
import { PAGE_FILES_ID } from './page-files-id';

const scripts = Array.from({ length: 14 }, (_, index) => `/assets/chunk-${index}.js`);
const styles = ['/assets/page-A1.css', '/assets/dialog-B2.css'];

function serve(json: string) {
  const block = document.createElement('script');
  block.id = PAGE_FILES_ID;
  block.type = 'application/json';
  block.textContent = json;
  document.head.append(block);
}

const added = () =>
  [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.crossOrigin]);

const clear = () => document.head.querySelectorAll(`link, #${PAGE_FILES_ID}`).forEach((node) => node.remove());
afterEach(clear);

// ADR 0033: the server names a first page's files; the first paint links them a few per task after its frame, so
// the app's loader finds them linked and inserts none in its own long task.
describe('page files', () => {
  it('reads the files the server named, and nothing from a page it named none for or a broken block', () => {
    expect(pageFilesOf(document)).toBeNull();
    serve(JSON.stringify({ scripts, styles }));
    expect(pageFilesOf(document)).toEqual({ scripts, styles });
    clear();
    serve('{"scripts": ["https://elsewhere.example/x.js"], "styles": []}');
    expect(pageFilesOf(document)).toBeNull();
    clear();
    serve('not json');
    expect(pageFilesOf(document)).toBeNull();
  });

  it('links every file once, three per task, style sheets fetched but not applied', () => {
    const already = document.createElement('link');
    already.rel = 'modulepreload';
    already.href = scripts[0] ?? '';
    document.head.append(already);
    const tasks: Array<() => void> = [];
    let done = 0;
    insertPageFiles(
      document,
      { scripts, styles },
      () => (done += 1),
      (task) => tasks.push(task),
    );

    expect(added()).toHaveLength(1 + 3);
    expect(tasks).toHaveLength(1);
    while (tasks.length) {
      expect(done).toBe(0);
      tasks.shift()?.();
    }
    expect(done).toBe(1);
    const links = added();
    expect(links).toHaveLength(1 + 13 + 2);
    expect(links.map(([, href]) => href)).toEqual([...scripts, ...styles]);
    expect(links.slice(1, 14).every(([rel, , cors]) => rel === 'modulepreload' && cors === '')).toBe(true);
    expect(links.slice(14)).toEqual(styles.map((href) => ['preload', href, '']));
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
  });

  it('is done at once when every file is linked already', () => {
    let done = 0;
    insertPageFiles(
      document,
      { scripts: [], styles: [] },
      () => (done += 1),
      () => {
        throw new Error('no second task');
      },
    );
    expect(done).toBe(1);
  });
});
