#!/usr/bin/env node
// A stand-in OpenTelemetry collector for measuring the cost of tracing (bench/README.md): accepts
// OTLP/HTTP JSON on /v1/traces, counts the spans and drops them. Prints the count when stopped.
// Usage: node bench/otlp-sink.mjs [port]   (default 4318), then run a bench with
//        OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 4318);
let spans = 0;
let requests = 0;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/v1/traces') {
      requests++;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? []) spans += scope.spans?.length ?? 0;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
server.listen(port, '127.0.0.1', () => console.log(`OTLP sink on http://127.0.0.1:${port}`));
const stop = () => {
  console.log(`received ${spans.toLocaleString('en')} spans in ${requests} exports`);
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
