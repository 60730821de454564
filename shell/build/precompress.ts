import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Brotli and gzip copies of the text assets, for the server to send as they are (no work per
 * request). Small files too: a static file is streamed, so the server's compression would
 * otherwise compress it on every request whatever its size (a copy larger than its file is not
 * kept).
 */
export const precompress = () =>
  compression({
    include: /\.(js|mjs|css|html|json|svg)$/,
    threshold: 0,
    skipIfLargerOrEqual: true,
    algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
  });
