import { NativeSelect } from '@mantine/core';

/** What is in force while a policy is not set: on, off, or each agent's own default. */
export type PolicyDefault = boolean | 'agent';

const NOT_SET = '';
const onOff = (on: boolean) => (on ? 'On' : 'Off');

/**
 * A boolean policy in three states, since "not set" is a state of its own: the server applies its
 * default to an unset policy (a checkbox showed it as off while an unset computer gate is on).
 * The description says what is in force and whether it is set or the default.
 */
export function PolicySelect({ label, value, unset, onChange }: { label: string; value: unknown; unset: PolicyDefault; onChange: (value: boolean | undefined) => void }) {
  const set = typeof value === 'boolean';
  const defaultText = unset === 'agent' ? "each agent's default" : onOff(unset).toLowerCase();
  const inForce = set ? `${onOff(value)} (set)` : unset === 'agent' ? "Each agent's default (not set)" : `${onOff(unset)} (default)`;
  return (
    <NativeSelect
      label={label}
      description={`In force: ${inForce}`}
      value={set ? String(value) : NOT_SET}
      onChange={(event) => onChange(event.currentTarget.value === NOT_SET ? undefined : event.currentTarget.value === 'true')}
      data={[
        { value: NOT_SET, label: `Not set: ${defaultText}` },
        { value: 'true', label: 'On' },
        { value: 'false', label: 'Off' },
      ]}
    />
  );
}
