// Starts the real server on a fresh SQLite database for the browser tests:
// seed-demo (admin, merchant, delivery person) + an admin staff member with two permissions.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF } from './accounts';

const frontendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  const server = spawn(bin, ['serve'], {
    // Webhooks may reach the tests' receivers on loopback (never set in production).
    env: { ...env, COLIVRA_ADDR: `127.0.0.1:${port}`, COLIVRA_STATIC_DIR: dist, COLIVRA_WEBHOOK_ALLOW_PRIVATE: 'true' },
    stdio: ['ignore', logFile, logFile],
  });
  try {
    await waitForHealth(url, server, 60_000);
  } catch (error) {
    server.kill('SIGTERM');
    console.error(fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-4000));
    throw error;
  }
  process.env.COLIVRA_E2E_URL = url;
  console.log(`e2e: colivra serve on ${url} (database in ${dir})`);

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
    fs.closeSync(logFile);
    if (!process.env.COLIVRA_E2E_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };
}
