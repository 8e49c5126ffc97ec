import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { eddAnswerBodySchema, type EddLists, type EddState } from '../../src/api/edd';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { answerEdd, eddLists, eddStateOf, type EddDeps } from '../services/edd';

// The EDD questionnaire (behaviour.md §7 /player/questionnaire/answer, /player/salary-range; the
// contract is src/api/edd.ts), mounted at /api/player/questionnaire for a logged-in player:
//   GET  /lists/:language -> the lists in that language (400 error.language.unknown)
//   GET  /                -> { status, answers }
//   POST /answer          { occupation, otherOccupation?, salaryRangeId, sourceOfFunds,
//                           otherSourceOfFunds?, placeOfBirth?, nationality? } -> { status, answers }
// A body that is not a JSON object is 400 error.request.invalid, one that fails the shape or the
// completeness rule 400 error.validation with the fields; 409 when not asked or already accepted;
// nothing is written then. The rules are server/services/edd.ts's.

export function eddRoutes({ db, clock }: { db: Kysely<Database>; clock: () => Date }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps: EddDeps = { db, clock };
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  routes.get('/lists/:language', requireAuth, (c) => c.json<EddLists>(eddLists(c.req.param('language'))));

  routes.get('/', requireAuth, async (c) => c.json<EddState>(await eddStateOf(deps, playerOf(c))));

  routes.post('/answer', flowBodyLimit, requireAuth, async (c) => {
    const answers = await parseJsonBody(c, eddAnswerBodySchema);
    return c.json<EddState>(await answerEdd(deps, playerOf(c), answers));
  });

  return routes;
}
