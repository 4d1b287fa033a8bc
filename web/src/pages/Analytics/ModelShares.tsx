import { Box, Group, Text } from '@mantine/core';
import type { ModelShare } from './memberUsage';
import { formatCompact, formatMoney } from '../../format';


/**
 * A member's models, most spend first, each in its chart colour with its spend (or its credits
 * when it has no price); the first `shown`, then how many more.
 */
export function ModelShares({ models, currency, colorOf, shown = models.length, label }: { models: readonly ModelShare[]; currency: string; colorOf: (model: string) => string; shown?: number; label?: string }) {
  if (models.length === 0) return <>—</>;
  const rest = models.length - shown;
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {models.slice(0, shown).map((share) => (
        <Group component="li" key={share.model} gap={6} wrap="nowrap">
          <Box w={8} h={8} style={{ borderRadius: 2, background: colorOf(share.model), flex: 'none' }} aria-hidden />
          <Text span size="sm">
            {share.model}
          </Text>
          <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {share.spend === null ? `${formatCompact(share.credits)} credits, no price` : formatMoney(share.spend, currency)}
          </Text>
        </Group>
      ))}
      {rest > 0 && (
        <Text component="li" size="xs" c="dimmed" title={models.slice(shown).map((share) => share.model).join(', ')}>
          and {rest} more
        </Text>
      )}
    </Box>
  );
}
