/** Addresses that mean "every interface" rather than one host. */
const WILDCARDS = new Set(['0.0.0.0', '::']);

/**
 * What the startup log says the server listens on: the configured HOST itself (an IPv6 address in
 * brackets), marked when it is every interface, so an operator reads where it really answers.
 */
export function listenDescription(host: string, port: number): string {
  const name = host.includes(':') ? `[${host}]` : host;
  const url = `http://${name}:${port}`;
  return WILDCARDS.has(host) ? `${url} (every interface)` : url;
}
