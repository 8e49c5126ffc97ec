// `npm run provider-keys -- <command>`: the game providers' seamless-wallet keys kept in the
// platform's database (server/services/provider-keys.ts; the contract is
// server/contract/provider-wallet.ts). The database is the platform's: DATABASE_URL, else DATA_DIR.
//
//   list                 every key: provider, key id, created, retired (never a secret)
//   rotate <provider>    a new key for the provider, printed once with its secret (hand it to the
//                        provider); the previous key stays good until it is retired
//   retire <keyId>       the key is refused from now on (after the provider has switched)
import { join } from 'node:path';
import { readConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { retireProviderKey, rotateProviderKey } from '../server/services/provider-keys';
import { allProviderKeys } from '../server/repositories/provider-keys';

const [command, argument] = process.argv.slice(2);
const usage = 'usage: npm run provider-keys -- list | rotate <provider> | retire <keyId>';
if (command === undefined || !['list', 'rotate', 'retire'].includes(command) || (command !== 'list' && argument === undefined)) {
  console.error(usage);
  process.exit(2);
}

const config = readConfig();
const database = await createDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') });
try {
  await migrateToLatest(database.db);
  const now = new Date();
  if (command === 'list') {
    for (const key of await allProviderKeys(database.db)) {
      console.log(`${key.provider}\t${key.key_id}\tcreated ${key.created_at.toISOString()}\t${key.retired_at ? `retired ${key.retired_at.toISOString()}` : 'in force'}`);
    }
  } else if (command === 'rotate') {
    const key = await rotateProviderKey(database.db, argument ?? '', now);
    console.log(`New key for ${key.provider}: ${key.keyId}\nSecret (shown once; hand it to the provider): ${key.secret}`);
  } else {
    const retired = await retireProviderKey(database.db, argument ?? '', now);
    console.log(retired ? `Retired ${argument ?? ''}.` : `No key ${argument ?? ''} in force.`);
    if (!retired) process.exitCode = 1;
  }
} finally {
  await database.close();
}
