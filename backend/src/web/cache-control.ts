/** Hashed assets live forever; entry documents (index.html, remoteEntry.js, config.js) are never cached. */
export function cacheControl(path: string): string {
  // A precompressed copy (app-Ab12Cd34.js.br) is cached like the file it stands for.
  const file = path.replace(/\.(br|gz)$/, '');
  const hashed =
    /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/.test(file) &&
    !file.endsWith('remoteEntry.js');
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}
