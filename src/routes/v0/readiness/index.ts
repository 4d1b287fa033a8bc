import { EVERYONE } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import getEvaluation from './evaluations-get.js';
import listEvaluations from './evaluations-list.js';
import queueEvaluations from './evaluations-queue.js';
import listRepositories from './repositories-list.js';
import addRepository from './repositories-add.js';
import removeRepository from './repositories-remove.js';

// Readiness on computers (docs/readiness.md, "Every repository, every night"): every role reads,
// as every role lists readiness reports; owners and managers change the list and queue evaluations.
export default async function readiness(app: App) {
  app.addHook('preHandler', requireRole(EVERYONE));
  await app.register(listRepositories);
  await app.register(addRepository);
  await app.register(removeRepository);
  await app.register(listEvaluations);
  await app.register(getEvaluation);
  await app.register(queueEvaluations);
}
