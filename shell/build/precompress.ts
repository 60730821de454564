import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Brotli and gzip copies of the text assets, for the server to send as they are (no work per request). */
export const precompress = () =>
  compression({
    include: /\.(js|mjs|css|html|json|svg)$/,
    threshold: 1024,
    algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
  });
