import { projectConfigFile, userConfigFile } from '../../hooks/config.js';
import { installNotifyHooks, NOTIFY_COMMAND, NOTIFY_TIMEOUT_SECONDS } from '../../hooks/install.js';
import { UsageError, type Command } from '../command.js';

// `quarterdeck hooks install [--user|--project]`: adds the notify hook to a hooks file, once.

export const hooksInstall: Command = {
  name: ['hooks', 'install'],
  usage: '[--user|--project]',
  summary: `Install "${NOTIFY_COMMAND}" for Notification, Stop, SubagentStop and SessionEnd`,
  options: {
    user: { type: 'boolean', description: 'Into the user file (the default)' },
    project: { type: 'boolean', description: 'Into .quarterdeck/hooks.json of the current directory' },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    if (values.user && values.project) throw new UsageError('choose --user or --project, not both');
    const file = values.project ? projectConfigFile(io.cwd) : userConfigFile(io.env);
    const { added } = await installNotifyHooks(file);
    if (added.length === 0) {
      io.stdout(`The notify hook is already installed in ${file}; nothing changed.\n`);
    } else {
      io.stdout(`Installed "${NOTIFY_COMMAND}" (timeout ${NOTIFY_TIMEOUT_SECONDS} s) for ${added.join(', ')} in ${file}\n`);
    }
    return 0;
  },
};
