// The topology's SMTP server (deploy/cluster.mjs): a real SMTP server that keeps every message as
// an .eml file in a folder (the folder the browser journeys read), in place of the insurer's relay.
//   node deploy/mail-catcher.mjs <port> <folder>
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const [port = '2525', folder = '.tmp/cluster/mail'] = process.argv.slice(2);
mkdirSync(folder, { recursive: true });
let n = 0;
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      n += 1;
      writeFileSync(join(folder, `${Date.now()}-${process.pid}-${n}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.listen(Number(port), '127.0.0.1', () =>
  console.log(`SMTP on 127.0.0.1:${port}, messages in ${folder}`),
);
process.once('SIGTERM', () => server.close(() => process.exit(0)));
