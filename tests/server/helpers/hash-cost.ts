import { setHashCostForTests, TEST_SCRYPT_PARAMS } from '../../../server/crypto/passwords';

// The server tests' setup file (vite.config.ts, project "server"), run before each test file: new
// password hashes (registrations, resets, password changes, the seeded players' and the dummy hash)
// at TEST_SCRYPT_PARAMS (scrypt N=2^10, r=8, p=1) instead of the production N=2^15, r=8, p=3, as
// `npm run fuzz` and the platform's test mode do.
// The rules under test do not depend on the cost (the cost is stored with each hash and verified
// with it); at the production cost every registration and login is ~0.2 s of a core, two at a time
// (HASH_CONCURRENCY), which was most of the CPU of the files that register and log in players
// (registration + phone: 50 s of CPU before, 25 s after). The files that test the hashing itself
// (its default cost, the dummy hash, the queue under a flood) put the production cost back first:
// `setHashCostForTests(DEFAULT_SCRYPT_PARAMS)` at their top.
setHashCostForTests(TEST_SCRYPT_PARAMS);
