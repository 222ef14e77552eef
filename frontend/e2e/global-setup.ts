// Starts the real server on a fresh SQLite database for the browser tests:
// seed-demo (admin, merchant, delivery person) + an admin staff member with two permissions.
// The server's e-mails go to a mail catcher (scripts/mail-catcher.sh, a real SMTP server) that
// writes each one as a JSON file in a folder of the temp folder: specs read them (e2e/mail.ts,
// COLIVRA_E2E_MAIL_DIR), as they find the server at COLIVRA_E2E_URL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF } from './accounts';

const frontendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIL_CATCHER = path.resolve(frontendDir, '..', 'scripts', 'mail-catcher.sh');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Newest modification time of the files the build is made of. */
function newestSource(): number {
  let newest = 0;
  const visit = (entry: string) => {
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    } else if (!/\.test\.tsx?$/.test(entry)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const name of ['src', 'index.html', 'webpack.config.js', 'package-lock.json']) {
    const entry = path.join(frontendDir, name);
    if (fs.existsSync(entry)) visit(entry);
  }
  return newest;
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`colivra serve exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`colivra serve did not answer ${url}/health within ${timeoutMs} ms`);
}

/**
 * Starts the mail catcher on a free port, writing every e-mail it receives into `dir`, and waits
 * for its `READY <port>` line. It lives as long as its stdin stays open (`--exit-with-parent`):
 * the returned `stop` closes it (then SIGTERM, then SIGKILL if it lingers).
 */
async function startMailCatcher(dir: string, log: number): Promise<{ port: number; stop: () => Promise<void> }> {
  if (!fs.existsSync(MAIL_CATCHER)) throw new Error(`The mail catcher is missing: ${MAIL_CATCHER}`);
  // Its Python environment (aiosmtpd, pinned), made once; the first time it installs it.
  execFileSync('bash', [MAIL_CATCHER, '--prepare'], { stdio: ['ignore', 'ignore', log], timeout: 300_000 });
  const catcher = spawn('bash', [MAIL_CATCHER, '--port', '0', '--dir', dir, '--exit-with-parent'], { stdio: ['pipe', 'pipe', log] });
  const { stdin, stdout } = catcher;
  if (!stdin || !stdout) throw new Error('the mail catcher has no stdin or stdout pipe');
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    const fail = (error: Error) => {
      clearTimeout(timer);
      catcher.kill('SIGKILL');
      reject(error);
    };
    timer = setTimeout(() => fail(new Error(`the mail catcher said no READY line within 30 s: ${seen}`)), 30_000);
    catcher.on('error', fail);
    catcher.on('exit', (code) => fail(new Error(`the mail catcher exited with code ${code} before it was ready: ${seen}`)));
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk: string) => {
      seen += chunk;
      const ready = /^READY (\d+)\s*$/m.exec(seen);
      if (!ready) return;
      clearTimeout(timer);
      catcher.removeAllListeners('exit');
      resolve(Number(ready[1]));
    });
  });
  // Whatever it prints later is not read: keep its pipe flowing.
  stdout.resume();
  const stop = async () => {
    if (catcher.exitCode !== null || catcher.signalCode !== null) return;
    const exited = new Promise((resolve) => catcher.once('exit', resolve));
    stdin.end();
    const term = setTimeout(() => catcher.kill('SIGTERM'), 3000);
    const kill = setTimeout(() => catcher.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(term);
    clearTimeout(kill);
  };
  return { port, stop };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = path.resolve(frontendDir, process.env.COLIVRA_BIN ?? '../target/debug/colivra');
  if (!fs.existsSync(bin)) {
    throw new Error(`Server binary not found at ${bin}: run \`cargo build -p colivra-cli\` or set COLIVRA_BIN.`);
  }
  const dist = path.join(frontendDir, 'dist');
  const builtAt = fs.existsSync(path.join(dist, 'index.html')) ? fs.statSync(path.join(dist, 'index.html')).mtimeMs : 0;
  if (builtAt < newestSource()) {
    console.log('e2e: the build is missing or older than the sources, running `npm run build`…');
    execFileSync('npm', ['run', 'build'], { cwd: frontendDir, stdio: 'inherit' });
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'colivra-e2e-'));
  const env = { ...process.env, DATABASE_URL: `sqlite://${path.join(dir, 'colivra.db')}`, COLIVRA_DATA_DIR: path.join(dir, 'data') };
  const run = (args: string[]) => execFileSync(bin, args, { env, stdio: 'pipe', timeout: 60_000 }).toString();
  run(['seed-demo']);
  run([
    'create-admin',
    '--email',
    STAFF.email,
    '--password',
    STAFF.password,
    '--first-name',
    STAFF.firstName,
    '--last-name',
    STAFF.lastName,
    '--permissions',
    STAFF.permissions.join(','),
  ]);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = fs.openSync(path.join(dir, 'server.log'), 'a');

  // The server's e-mails (forgotten passwords, invitations, notices) reach this SMTP server; its
  // links point at the server itself (COLIVRA_PUBLIC_URL).
  const mailDir = path.join(dir, 'mail');
  fs.mkdirSync(mailDir);
  const mailLog = fs.openSync(path.join(dir, 'mail-catcher.log'), 'a');
  const mail = await startMailCatcher(mailDir, mailLog).catch((error: unknown) => {
    console.error(fs.readFileSync(path.join(dir, 'mail-catcher.log'), 'utf8').slice(-4000));
    throw error;
  });

  const server = spawn(bin, ['serve'], {
    env: {
      ...env,
      COLIVRA_ADDR: `127.0.0.1:${port}`,
      COLIVRA_STATIC_DIR: dist,
      // Webhooks may reach the tests' receivers on loopback (never set in production).
      COLIVRA_WEBHOOK_ALLOW_PRIVATE: 'true',
      COLIVRA_SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      COLIVRA_MAIL_FROM: 'Colivra <no-reply@colivra.test>',
      COLIVRA_PUBLIC_URL: url,
    },
    stdio: ['ignore', logFile, logFile],
  });
  try {
    await waitForHealth(url, server, 60_000);
  } catch (error) {
    server.kill('SIGTERM');
    await mail.stop();
    console.error(fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-4000));
    throw error;
  }
  // The workers inherit these (helpers.ts baseUrl(), mail.ts mailDir()).
  process.env.COLIVRA_E2E_URL = url;
  process.env.COLIVRA_E2E_MAIL_DIR = mailDir;
  console.log(`e2e: colivra serve on ${url} (database in ${dir}), its e-mails in ${mailDir} (SMTP 127.0.0.1:${mail.port})`);

  return async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          server.kill('SIGKILL');
          resolve(undefined);
        }, 5000);
        server.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    await mail.stop();
    fs.closeSync(logFile);
    fs.closeSync(mailLog);
    if (!process.env.COLIVRA_E2E_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };
}
