import { AgentSession, AgentSessionFinding, AgentSessionStep, AgentSessionWaste } from './agent-sessions.js';
import { AuditLogEntry } from './audit.js';
import type { TSchema } from '@sinclair/typebox';
import { Budget, MemberLimitStatus } from './budgets.js';
import { ErrorBody, Pagination } from './common.js';
import { ContentBlock, Computer, ComputerMetric, MetricSampleInput, RepoSpec, Message, ProvisioningStep, Session, SessionSettings, SessionSettingsInput, TokenUsage } from './compute.js';
import { ControlChange } from './controls.js';
import { GitDelivery, GitHost } from './git-hosts.js';
import { PullRequest, PullRequestEvidence } from './pull-requests.js';
import { ApiKey, ConsoleSession, Preferences, RoleName, User } from './identity.js';
import { ScimErrorBody, ScimToken } from './scim.js';
import { ReadinessCriterion, ReadinessEvaluation, ReadinessReport, ReadinessReportInput, ReadinessRepository } from './readiness.js';
import { ConnectedAgent, TelemetryIdentity } from './telemetry.js';
import { Team, TeamMember } from './teams.js';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './webhooks.js';

// The API's schemas and response views, one file per resource group. The shared ones are
// registered by name, so they keep their names in the OpenAPI document.

export * from './agent-sessions.js';
export * from './audit.js';
export * from './budgets.js';
export * from './common.js';
export * from './compute.js';
export * from './credit-limits.js';
export * from './controls.js';
export * from './git-hosts.js';
export * from './pull-requests.js';
export * from './identity.js';
export * from './readiness.js';
export * from './scim.js';
export * from './sso.js';
export * from './telemetry.js';
export * from './teams.js';
export * from './webhooks.js';

export const sharedSchemas: TSchema[] = [
  ErrorBody,
  Pagination,
  RoleName,
  User,
  Preferences,
  Team,
  TeamMember,
  ApiKey,
  AuditLogEntry,
  ConsoleSession,
  ProvisioningStep,
  RepoSpec,
  Computer,
  MetricSampleInput,
  ComputerMetric,
  TokenUsage,
  SessionSettingsInput,
  SessionSettings,
  Session,
  ContentBlock,
  Message,
  ControlChange,
  ReadinessCriterion,
  ReadinessReportInput,
  ReadinessReport,
  ReadinessEvaluation,
  ReadinessRepository,
  TelemetryIdentity,
  ConnectedAgent,
  WebhookEndpoint,
  WebhookDelivery,
  WebhookAttempt,
  GitHost,
  GitDelivery,
  PullRequestEvidence,
  PullRequest,
  Budget,
  MemberLimitStatus,
  ScimToken,
  ScimErrorBody,
  AgentSessionFinding,
  AgentSession,
  AgentSessionStep,
  AgentSessionWaste,
];

