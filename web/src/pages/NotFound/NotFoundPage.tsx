import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '../../components/AuthCard';

export function NotFoundPage() {
  return (
    <AuthCard title="Page not found">
      <Text size="sm">There is no console page at this address.</Text>
      <Anchor component={Link} to="/settings/api-keys">
        Go to your API keys
      </Anchor>
    </AuthCard>
  );
}
