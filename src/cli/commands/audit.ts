import { apiCommand, timeOption, v0List } from './api-command.js';

// `quarterdeck audit list`: the organization's audit log, newest first (owners only;
// docs/audit-log.md). `--format csv` prints it for a spreadsheet.

export const auditList = apiCommand({
  name: ['audit', 'list'],
  usage: '[--action A[,B…]] [--actor USER_ID] [--target ID] [--from TIME] [--to TIME]',
  summary: 'The audit log, newest first (owners)',
  list: true,
  options: {
    action: { type: 'string', description: 'Only these actions, comma-separated (e.g. member.deactivated,api_key.revoked)' },
    actor: { type: 'string', description: 'Only changes by this member (user id)' },
    target: { type: 'string', description: 'Only changes to this id (a member, key, team, budget…)' },
    from: { type: 'string', description: 'From this time (ISO 8601 or Unix ms), included' },
    to: { type: 'string', description: 'Until this time (ISO 8601 or Unix ms), excluded' },
  },
  call(context) {
    const actions = (context.option('action') ?? '').split(',').map((item) => item.trim()).filter(Boolean);
    const actor = context.option('actor');
    const target = context.option('target');
    const from = timeOption(context, 'from');
    const to = timeOption(context, 'to');
    const query = {
      ...(actions.length > 0 && { action: actions }),
      ...(actor && { actorUserId: actor }),
      ...(target && { targetId: target }),
      ...(from !== undefined && { from: String(from) }),
      ...(to !== undefined && { to: String(to) }),
    };
    // The list helper passes the query through to the client, which repeats an array's parameter.
    return v0List(context, '/api/v0/organization/audit-log', 'entries', undefined, query as unknown as Record<string, string>);
  },
});
