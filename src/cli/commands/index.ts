import type { Command } from '../command.js';
import { hookNotify } from './hook-notify.js';
import { hooksBudget } from './hooks-budget.js';
import { hooksCommits } from './hooks-commits.js';
import { hooksInstall } from './hooks-install.js';
import { hooksRun } from './hooks-run.js';
import { adminOrganizationsCreate, adminRollupsRun } from './admin.js';
import { agent } from './agent.js';
import { agentsConnected, agentsIdentities, agentsLink } from './agents.js';
import { agentsSetup } from './agents-setup.js';
import { auditList } from './audit.js';
import { backup, restore } from './backup.js';
import { budgetsCreate, budgetsDelete, budgetsGet, budgetsList, budgetsMembers, budgetsUpdate } from './budgets.js';
import { analyticsActivity, analyticsAttributedCosts, analyticsModelLatency, analyticsPremiumRequests, analyticsProductivity, analyticsRepositories, analyticsToday, analyticsTokens, analyticsTools, analyticsUsers } from './analytics.js';
import { computersCreate, computersDelete, computersGet, computersGetByName, computersInstallDeps, computersList, computersMetrics, computersRefresh, computersRestart, computersUpdate } from './computers.js';
import { controlsDiff, controlsGet, controlsHistory, controlsPatch } from './controls.js';
import { demo } from './demo.js';
import { keysCreate, keysList, keysRevoke } from './keys.js';
import { limitsGet, limitsGlobal, limitsSet } from './limits.js';
import { messagesGet, messagesList, messagesSend } from './messages.js';
import { pricesDataset, pricesGet, pricesSet, pricesSettings } from './prices.js';
import { readinessList, readinessUpload } from './readiness.js';
import { readinessEvaluate } from './readiness-evaluate.js';
import { serve } from './serve.js';
import { agentSessionsList, agentSessionsShow } from './agent-sessions.js';
import { sessionsChildren, sessionsCreate, sessionsDelete, sessionsGet, sessionsInterrupt, sessionsList, sessionsRename, sessionsUpdate } from './sessions.js';
import { teamsAddMember, teamsCreate, teamsDelete, teamsGet, teamsList, teamsMembers, teamsRemoveMember, teamsRename } from './teams.js';
import { telemetrySend } from './telemetry.js';
import {
  webhooksAttempts, webhooksCreate, webhooksDeliveries, webhooksDelete, webhooksDisable, webhooksEnable, webhooksGet, webhooksList, webhooksReplay, webhooksRotateSecret, webhooksTest, webhooksUpdate,
} from './webhooks.js';
import { usersAdd, usersInvite, usersList, usersReactivate, usersRemove, usersUpdate } from './users.js';

/** Every `quarterdeck` command; main.ts picks one by its name words. */
export const COMMANDS: readonly Command[] = [
  hooksRun, hooksInstall, hookNotify, hooksBudget, hooksCommits,
  serve, demo, agent, backup, restore,
  adminOrganizationsCreate, adminRollupsRun,
  analyticsTokens, analyticsTools, analyticsActivity, analyticsProductivity, analyticsUsers, analyticsRepositories, analyticsAttributedCosts, analyticsModelLatency, analyticsPremiumRequests, analyticsToday,
  readinessList, readinessUpload, readinessEvaluate,
  controlsGet, controlsPatch, controlsHistory, controlsDiff,
  computersList, computersGet, computersGetByName, computersCreate, computersUpdate, computersInstallDeps, computersRestart, computersRefresh, computersMetrics, computersDelete,
  sessionsList, sessionsGet, sessionsCreate, sessionsUpdate, sessionsRename, sessionsInterrupt, sessionsDelete, sessionsChildren,
  agentSessionsList, agentSessionsShow,
  messagesList, messagesGet, messagesSend,
  limitsGet, limitsSet, limitsGlobal,
  pricesGet, pricesSet, pricesSettings, pricesDataset,
  usersList, usersAdd, usersUpdate, usersRemove, usersReactivate, usersInvite,
  auditList,
  teamsList, teamsGet, teamsCreate, teamsRename, teamsDelete, teamsMembers, teamsAddMember, teamsRemoveMember,
  webhooksList, webhooksGet, webhooksCreate, webhooksUpdate, webhooksEnable, webhooksDisable, webhooksDelete, webhooksRotateSecret, webhooksDeliveries, webhooksAttempts, webhooksReplay, webhooksTest,
  budgetsList, budgetsGet, budgetsCreate, budgetsUpdate, budgetsDelete, budgetsMembers,
  keysList, keysCreate, keysRevoke,
  telemetrySend,
  agentsConnected, agentsIdentities, agentsLink, agentsSetup,
];
