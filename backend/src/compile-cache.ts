import * as nodeModule from 'node:module';

// Node 22.1+ keeps V8's compiled code of every loaded module on disk (in the OS temporary
// directory), so a start after the first skips most of compiling the API's modules; older Node
// has no such function and starts as before. Imported first by main.ts, before anything it times.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
