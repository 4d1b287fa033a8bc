import { PasswordInput, Stack } from '@mantine/core';

export const PASSWORD_MIN_LENGTH = 12;

/** A new password typed twice; the parent checks newPasswordProblem before submitting. */
export function NewPasswordFields(props: { password: string; confirm: string; onPassword: (value: string) => void; onConfirm: (value: string) => void; showErrors: boolean }) {
  const problem = newPasswordProblem(props.password, props.confirm);
  return (
    <Stack>
      <PasswordInput
        label="New password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
        autoComplete="new-password"
        required
        value={props.password}
        onChange={(event) => props.onPassword(event.currentTarget.value)}
        error={props.showErrors && problem === 'short' ? `Use at least ${PASSWORD_MIN_LENGTH} characters` : undefined}
      />
      <PasswordInput
        label="Repeat the password"
        autoComplete="new-password"
        required
        value={props.confirm}
        onChange={(event) => props.onConfirm(event.currentTarget.value)}
        error={props.showErrors && problem === 'different' ? 'The two passwords differ' : undefined}
      />
    </Stack>
  );
}

export function newPasswordProblem(password: string, confirm: string): 'short' | 'different' | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'short';
  if (password !== confirm) return 'different';
  return undefined;
}
