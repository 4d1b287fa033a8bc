import { projectConfigFile, userConfigFile } from '../../hooks/config.js';
import { BUDGET_HOOK, COMMITS_HOOK, installReadyMadeHook, NOTIFY_HOOK } from '../../hooks/install.js';
import { UsageError, type Command } from '../command.js';

// `quarterdeck hooks install [--user|--project] [--budget|--commits]`: adds the notify hook (or
// with --budget the budget hook, with --commits the commit hook) to a hooks file, once.

export const hooksInstall: Command = {
  name: ['hooks', 'install'],
  usage: '[--user|--project] [--budget|--commits]',
  summary: `Install "${NOTIFY_HOOK.command}" for ${NOTIFY_HOOK.events.join(', ')} (with --budget: "${BUDGET_HOOK.command}"; with --commits: "${COMMITS_HOOK.command}", the git integration)`,
  options: {
    user: { type: 'boolean', description: 'Into the user file (the default)' },
    project: { type: 'boolean', description: 'Into .quarterdeck/hooks.json of the current directory' },
    budget: { type: 'boolean', description: `Install the credit budget hook "${BUDGET_HOOK.command}" instead of the notify hook` },
    commits: { type: 'boolean', description: `Install the git integration "${COMMITS_HOOK.command}" for ${COMMITS_HOOK.events.join(', ')} instead of the notify hook` },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    if (values.user && values.project) throw new UsageError('choose --user or --project, not both');
    const file = values.project ? projectConfigFile(io.cwd) : userConfigFile(io.env);
    if (values.budget && values.commits) throw new UsageError('choose --budget or --commits, not both');
    const hook = values.budget ? BUDGET_HOOK : values.commits ? COMMITS_HOOK : NOTIFY_HOOK;
    const { added } = await installReadyMadeHook(file, hook);
    if (added.length === 0) {
      io.stdout(`"${hook.command}" is already installed in ${file}; nothing changed.\n`);
    } else {
      io.stdout(`Installed "${hook.command}" (timeout ${hook.timeoutSeconds} s) for ${added.join(', ')} in ${file}\n`);
    }
    return 0;
  },
};
