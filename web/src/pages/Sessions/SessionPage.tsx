import { Anchor, Badge, Button, Card, Code, Group, Image, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorStatus } from '../../api/client';
import { useComputers } from '../../api/useComputers';
import { useAgentSession, useDeleteSession, useInterruptSession, useMessages, useRenameSession, useSendMessage } from '../../api/useSessions';
import { ConfirmModal } from '../../components/ConfirmModal';
import { NameModal } from '../../components/NameModal';
import { useDialog } from '../../components/useDialog';
import { usePageTitle } from '../../components/usePageTitle';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime, formatExact } from '../../format';
import { SESSION_STATUS_COLORS, SESSION_STATUS_VARIANTS } from './status';

const ROLE_LABELS = { user: 'You / user', assistant: 'Assistant', tool: 'Tool', system: 'System' } as const;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** An image block's source as the API writes it (only these types are shown inline). */
function isImageSource(source: unknown): source is { data: string; mediaType: string } {
  const value = source as { data?: unknown; mediaType?: unknown } | undefined;
  return typeof value?.data === 'string' && typeof value.mediaType === 'string' && IMAGE_TYPES.includes(value.mediaType);
}

/** /sessions/:sessionId — the conversation, its live status, and a message to the agent; rename, interrupt or delete it. */
export default function SessionPage() {
  const { sessionId = '' } = useParams();
  const session = useAgentSession(sessionId);
  const messages = useMessages(sessionId, session.data?.status);
  const send = useSendMessage(sessionId);
  const interrupt = useInterruptSession(sessionId);
  const remove = useDeleteSession(sessionId);
  const rename = useRenameSession(sessionId);
  const renaming = useDialog<true>(rename);
  const computers = useComputers();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState(false);
  usePageTitle(session.data ? session.data.title || 'Session' : errorStatus(session.error) === 404 ? 'No such session' : 'Session');
  if (session.isPending) return <LoadingState label="Loading the session" />;
  if (session.isError) {
    const missing = errorStatus(session.error) === 404;
    return (
      <Stack>
        <Anchor component={Link} to="/sessions" size="sm">
          ← Sessions
        </Anchor>
        <Title order={1} size="h2">
          {missing ? 'No such session' : 'Session'}
        </Title>
        {/* A 404 stays a 404: nothing to try again, only the way back to the list. */}
        {missing ? (
          <EmptyState title="This session does not exist">It was deleted, or it is not one you may see.</EmptyState>
        ) : (
          <ErrorState error={session.error} onRetry={() => void session.refetch()} />
        )}
      </Stack>
    );
  }
  const usage = session.data.sessionSettings?.tokenUsage;
  const working = session.data.status !== 'idle';
  const computer = computers.data?.find((candidate) => candidate.id === session.data.computerId);
  return (
    <Stack>
      <Anchor component={Link} to="/sessions" size="sm">
        ← Sessions
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {session.data.title || session.data.sessionId}
        </Title>
        <Group gap="xs" aria-live="polite">
          <Text size="sm">Status</Text>
          <Badge color={SESSION_STATUS_COLORS[session.data.status]} variant={SESSION_STATUS_VARIANTS[session.data.status]} data-testid="session-status">
            {session.data.status}
          </Badge>
        </Group>
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {session.data.computerId ? `On ${computer ? `${computer.name} (${computer.status ?? 'status unknown'})` : session.data.computerId}` : 'No computer: it cannot take messages'}
          {usage && ` · ${formatExact(usage.inputTokens)} input and ${formatExact(usage.outputTokens)} output tokens · ${formatExact(usage.serviceCredits)} Standard Credits`}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => renaming.open(true)}>
            Rename
          </Button>
          <Button size="xs" variant="default" disabled={!working} loading={interrupt.isPending} onClick={() => interrupt.mutate()} title={working ? undefined : 'The agent is not working on it'}>
            Interrupt
          </Button>
          <Button size="xs" variant="default" color="red" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Group>
      </Group>
      <ActionError error={interrupt.error} />
      {renaming.target && (
        <NameModal
          opened
          title="Rename this session"
          label="Title"
          maxLength={500}
          submitLabel="Rename"
          initialName={session.data.title ?? ''}
          pending={rename.isPending}
          error={rename.error}
          onClose={renaming.close}
          onSubmit={(title) => rename.mutate(title, { onSuccess: renaming.close })}
        />
      )}
      <ConfirmModal
        opened={deleting}
        title="Delete this session?"
        confirmLabel="Delete session"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate('/sessions') })}
        onClose={() => setDeleting(false)}
      >
        The session and its messages are deleted for everyone. This cannot be undone.
      </ConfirmModal>
      <Stack component="section" aria-label="Conversation" gap="xs">
        {messages.isPending ? (
          <LoadingState label="Loading the conversation" />
        ) : messages.isError ? (
          <ErrorState error={messages.error} />
        ) : messages.data.length === 0 ? (
          <EmptyState title="No messages yet">Write the first one below.</EmptyState>
        ) : (
          messages.data.map((message) => (
            <Card key={message.id} withBorder padding="sm" bg={message.role === 'user' ? 'var(--mantine-color-blue-light)' : undefined} component="article" aria-label={`${ROLE_LABELS[message.role]} message`}>
              <Group justify="space-between" mb={4}>
                <Text size="xs" fw={700}>
                  {ROLE_LABELS[message.role]}
                  {message.isError ? ' · error' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(message.createdAt)}
                </Text>
              </Group>
              {message.content.map((block) =>
                block.type === 'image' && isImageSource(block.source) ? (
                  <Image key={block.id} src={`data:${block.source.mediaType};base64,${block.source.data}`} alt={`Image attached to the ${ROLE_LABELS[message.role]} message`} maw={480} radius="sm" />
                ) : block.type === 'document' ? (
                  <Text key={block.id} size="xs" c="dimmed">
                    Attached file: {typeof block.name === 'string' ? block.name : 'unnamed'}
                  </Text>
                ) : block.type && block.type !== 'text' ? (
                  <Stack key={block.id} gap={2}>
                    <Text size="xs" c="dimmed">
                      {block.type}
                    </Text>
                    <Code block style={{ whiteSpace: 'pre-wrap' }}>
                      {block.text}
                    </Code>
                  </Stack>
                ) : (
                  <Text key={block.id} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {block.text}
                  </Text>
                ),
              )}
            </Card>
          ))
        )}
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) send.mutate(text, { onSuccess: () => setText('') });
        }}
      >
        <Stack gap="xs">
          <Textarea label="Message to the agent" value={text} onChange={(event) => setText(event.currentTarget.value)} autosize minRows={2} maxRows={10} />
          <ActionError error={send.error} />
          <Group>
            <Button type="submit" loading={send.isPending} disabled={text.trim() === ''}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
