import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '../format';

/**
 * An amount at the organization's prices, with the models left out of it for want of a price named
 * under it (linked to the Prices page): never shown as a smaller sum without saying so. `cost`
 * null or undefined: not computed yet (days aggregated before prices existed).
 */
export function Spend({ cost, unpricedModels, currency }: { cost: number | null | undefined; unpricedModels: readonly string[]; currency: string }) {
  if (cost === null || cost === undefined) {
    return (
      <Text span size="sm" c="dimmed">
        Not computed yet
      </Text>
    );
  }
  return (
    <>
      {formatMoney(cost, currency)}
      {unpricedModels.length > 0 && (
        <Anchor component={Link} to="/settings/prices" size="xs" display="block" title={`No price: ${unpricedModels.join(', ')}`}>
          without {unpricedModels.length} unpriced
        </Anchor>
      )}
    </>
  );
}
