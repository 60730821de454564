// The script the server's HTML loads to start the page's scripts.
import SOURCE from '../public/page-scripts.js?raw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const run = () => new Function(SOURCE)();

const LIST = {
  modules: ['/assets/entry-Ab12Cd34.js'],
  preloads: ['/assets/hostInit-Ab12Cd34.js', '/remotes/portal/remoteEntry.js'],
};

/** What the script has put in the head so far: the module entry and preloads, in order. */
const started = () =>
  [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map(
    (element) =>
      element instanceof HTMLScriptElement
        ? `script ${new URL(element.src).pathname}`
        : `preload ${new URL((element as HTMLLinkElement).href).pathname}`,
  );

let frames: FrameRequestCallback[] = [];
const paintFrame = () => {
  const due = frames;
  frames = [];
  for (const frame of due) frame(performance.now());
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  document.head.innerHTML = `<script type="application/json" id="page-scripts">${JSON.stringify(LIST)}</script>`;
  document.body.innerHTML =
    '<div id="root"><fieldset class="first-view" disabled></fieldset></div>';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('page-scripts.js', () => {
  it('starts nothing before the first view is painted, then the entry and preloads one a task', () => {
    run();
    vi.runAllTimers();
    expect(started()).toEqual([]);

    paintFrame();
    const tasks = vi.spyOn(globalThis, 'setTimeout');
    vi.runAllTimers();
    expect(started()).toEqual([
      'script /assets/entry-Ab12Cd34.js',
      'preload /assets/hostInit-Ab12Cd34.js',
      'preload /remotes/portal/remoteEntry.js',
    ]);
    // Each element in a task of its own, not thirty requests started in one long task.
    expect(tasks).toHaveBeenCalledTimes(3);
  });

  it("waits for a list page's first card picture, its LCP, to be drawn", () => {
    document.querySelector('fieldset')!.innerHTML =
      '<span class="skeleton"><img class="first-view-image" src="/api/files/a.webp" alt="" /></span>';
    run();
    paintFrame();
    vi.advanceTimersByTime(1000);
    expect(started()).toEqual([]);

    document.querySelector('img')!.dispatchEvent(new Event('load'));
    paintFrame();
    vi.advanceTimersByTime(10);
    expect(started()).toHaveLength(3);
  });

  it('does not wait more than 3 s for a picture that is slow to come', () => {
    document.querySelector('fieldset')!.innerHTML =
      '<img class="first-view-image" src="/api/files/slow.webp" alt="" />';
    run();
    vi.advanceTimersByTime(2999);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(10);
    expect(started()).toHaveLength(3);
  });

  it('starts at once in a hidden tab, which paints no frame', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    run();
    vi.runAllTimers();
    expect(started()).toHaveLength(3);
  });
});
