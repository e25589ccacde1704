// Creates the shop owner's account, or makes an existing account an admin:
//
//   npm run admin:create -- --email owner@example.com --name "Asha Rao"
//
// The password is asked on the terminal (not shown while typed) or read from ADMIN_PASSWORD. The
// database is the server's own (DATABASE_URL, or the PGlite under DATA_DIR: then the server must
// be stopped, since two processes on one PGlite corrupt it), and the password is hashed as at
// registration (argon2id, at least 8 characters). Exit code 0 on success, 1 with a message otherwise.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../src/db/data-dir-lock';
import { isAppError } from '../src/lib/app-error';
import { createOrPromoteAdmin } from '../src/modules/auth/admins.service';

const USAGE = 'Usage: npm run admin:create -- --email <email> [--name <name>]';

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY)
    throw new Error('No terminal to ask the password on: set ADMIN_PASSWORD instead.');
  const first = await askHidden('Password (at least 8 characters): ');
  const again = await askHidden('Password again: ');
  if (first !== again) throw new Error('The two passwords differ.');
  return first;
}

async function main(): Promise<number> {
  let args: { email?: string | undefined; name?: string | undefined };
  try {
    ({ values: args } = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (!args.email) {
    console.error(USAGE);
    return 1;
  }
  // ADMIN_EMAIL/ADMIN_PASSWORD are the start-up bootstrap's pair; here the e-mail is the flag.
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...env } = process.env;
  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  try {
    const config = loadConfig(env);
    const password = await readPassword();
    if (!config.databaseUrl) lock = await acquireDataDirLock(config.dataDir);
    database = await openDatabase(config);
    await database.migrate();
    const admin = await createOrPromoteAdmin(database.db, {
      email: args.email,
      name: args.name,
      password,
    });
    console.log(
      admin.created
        ? `Admin ${admin.email} created.`
        : `${admin.email} is now an admin (password replaced, other sessions ended).`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError)
      console.error(`${error.message}\nStop the server first, then run this again.`);
    else if (error instanceof ConfigError || isAppError(error) || error instanceof Error)
      console.error(error.message);
    else console.error(error);
    return 1;
  } finally {
    await database?.close().catch(() => {});
    lock?.release();
  }
}

process.exitCode = await main();
