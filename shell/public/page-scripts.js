/* global document, requestAnimationFrame, Worker */
// Starts the page's scripts once the server's first view is on screen (backend/src/web
// page-document.ts lists them in #page-scripts): the first paint, and the page's largest element
// in it, then owe nothing to the scripts, and the scripts do not compete with the first view's
// styles and picture for a slow link. A file, since the CSP forbids inline scripts.
(() => {
  // The browser's date and number data, loaded on another thread while the page starts.
  if (typeof Worker === 'function') new Worker('/intl-warmup.js');
  const list = document.getElementById('page-scripts');
  if (!list) return;
  const { modules, preloads } = JSON.parse(list.textContent);
  const element = (tag, attributes) => Object.assign(document.createElement(tag), attributes);
  const elements = [
    ...modules.map((src) => () => element('script', { type: 'module', src })),
    ...preloads.map((href) => () => element('link', { rel: 'modulepreload', href })),
  ];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // One element a task: starting a request can take milliseconds on a slow phone (more with
    // DevTools open), and thirty in one go would be a long task.
    for (const create of elements) setTimeout(() => document.head.append(create()), 0);
  };
  // A hidden tab paints nothing (and never runs animation frames): start at once.
  if (document.visibilityState === 'hidden') return start();
  // After the next frame is painted.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  // A list page's first card picture (its LCP) is in the first view: start once it is drawn, or
  // after 3 s on a link too slow to wait for it.
  const image = document.querySelector('img.first-view-image');
  if (image && !image.complete) {
    image.addEventListener('load', afterPaint, { once: true });
    image.addEventListener('error', afterPaint, { once: true });
    setTimeout(start, 3000);
  } else {
    afterPaint();
  }
})();
