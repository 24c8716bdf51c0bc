// Mailpit's stand-in: an SMTP catcher on :1025 keeping every message in memory, and on :8025 the part of Mailpit's
// API a test or a person needs — GET /api/v1/messages (newest first: ID, From, To, Subject, Created, Size),
// GET /api/v1/message/:id/raw, DELETE /api/v1/messages, GET /readyz.
'use strict';
const http = require('node:http');
const { SMTPServer } = require('smtp-server');

const messages = [];
let next = 1;
const header = (raw, name) => {
  const m = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] || '');
  return m ? m[1].replace(/\r?\n[ \t]+/g, ' ').trim() : '';
};
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  size: 30 * 1024 * 1024,
  onData(stream, session, done) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      messages.unshift({
        ID: String(next++),
        Created: new Date().toISOString(),
        Size: raw.length,
        Subject: header(raw, 'Subject'),
        From: { Address: session.envelope.mailFrom ? session.envelope.mailFrom.address : '' },
        To: session.envelope.rcptTo.map((r) => ({ Address: r.address })),
        raw,
      });
      if (messages.length > 5000) messages.pop();
      done();
    });
  },
});
smtp.listen(1025, '0.0.0.0', () => console.log('SMTP catcher listening on :1025'));
const send = (res, status, body, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(type === 'application/json' ? JSON.stringify(body) : body);
};
const web = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/readyz') return send(res, 200, { ok: true });
  if (url.pathname === '/api/v1/messages' && req.method === 'GET') {
    return send(res, 200, { total: messages.length, messages: messages.map(({ raw, ...m }) => m) });
  }
  if (url.pathname === '/api/v1/messages' && req.method === 'DELETE') {
    messages.length = 0;
    return send(res, 200, { ok: true });
  }
  const raw = /^\/api\/v1\/message\/(\d+)\/raw$/.exec(url.pathname);
  if (raw && req.method === 'GET') {
    const m = messages.find((x) => x.ID === raw[1]);
    return m ? send(res, 200, m.raw, 'message/rfc822') : send(res, 404, { error: 'not found' });
  }
  return send(res, 404, { error: 'not found' });
});
web.listen(8025, '0.0.0.0', () => console.log('Mail web API listening on :8025'));
const stop = () => {
  smtp.close(() => web.close(() => process.exit(0)));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
