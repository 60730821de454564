import { sharedLoaders } from 'virtual:shared-modules';

// Each shared package (React DOM, i18next, the router...) is evaluated in a task of its own, so a
// tap on the first view never waits behind one long task of them all (bench/README.md, "Sixth
// pass"); their files are already on the way (the page's module preloads).
for (const load of sharedLoaders) {
  await load();
  await new Promise((resolve) => setTimeout(resolve, 0));
}
await import('./bootstrap');
