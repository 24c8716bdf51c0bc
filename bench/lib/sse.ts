/**
 * A signed-in reader of the gateway's live notification stream (`GET /api/v1/notifications/stream`, server-sent
 * events), calling `onNotification` with each notification and the time it arrived (performance.now()).
 */
export async function openNotificationStream(
  url: string,
  token: string,
  onNotification: (n: { context: string | null }, at: number) => void,
): Promise<{ close: () => void }> {
  const ac = new AbortController();
  const res = await fetch(`${url}/api/v1/notifications/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: ac.signal,
  });
  if (res.status !== 200) throw new Error(`stream: ${res.status}`);
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffered += decoder.decode(chunk, { stream: true });
        const frames = buffered.split('\n\n');
        buffered = frames.pop()!;
        for (const f of frames) {
          if (!/^event: notification$/m.test(f)) continue;
          const data = /^data: (.*)$/m.exec(f)?.[1];
          if (data) onNotification((JSON.parse(data) as { notification: { context: string | null } }).notification, at);
        }
      }
    } catch {
      /* closed */
    }
  })();
  return { close: () => ac.abort() };
}
