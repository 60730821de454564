import type { TestApp } from './test-app';

export interface StreamEvent {
  type: string;
  data: unknown;
}

/**
 * A member's notification stream opened over real HTTP (Server-Sent Events), as the portal opens
 * it: `next(type)` waits for the next event of that type.
 */
export async function openNotificationStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let buffer = '';
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = [...block.matchAll(/^data: (.*)$/gm)].map((match) => match[1]).join('\n');
          events.push({ type, data: data ? (JSON.parse(data) as unknown) : undefined });
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    async next(type: string, timeoutMs = 10_000): Promise<StreamEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((event) => event.type === type);
        if (index >= 0) return events.splice(index, 1)[0];
        if (Date.now() > deadline) throw new Error(`no "${type}" event within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close(): Promise<void> {
      controller.abort();
      await reading;
    },
  };
}

/** The app listening on a loopback port (streams need a real connection); its base URL. */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  return (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
}
