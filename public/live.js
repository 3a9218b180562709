// A tiny graphql-transport-ws client (the protocol graphql-ws speaks) for one subscription:
// connection_init (with the seat token), subscribe, then `next` messages; ping is answered with
// pong; a dropped connection is reopened after a short, growing pause.
export function subscribe({ query, variables, token, onData, onStatus }) {
  let ws,
    closed = false,
    delay = 500,
    timer;
  const open = () => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
    ws = new WebSocket(url, 'graphql-transport-ws');
    ws.onopen = () => ws.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} }));
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === 'connection_ack') {
        delay = 500;
        onStatus?.('live');
        ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
      } else if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
      else if (msg.type === 'next') onData(msg.payload);
      else if (msg.type === 'error') onStatus?.('error', msg.payload);
    };
    ws.onclose = () => {
      onStatus?.('offline');
      if (closed) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 10_000);
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    ws?.close();
  };
}
