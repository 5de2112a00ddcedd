import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';

export function NotFoundPage() {
  const router = useRouter();
  return (
    <Container size="sm" py={80} component="main">
      <Stack align="center" gap="md">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" ta="center">The page you are looking for does not exist or has moved.</Text>
        <Button onClick={() => router.history.back()}>Go Back</Button>
      </Stack>
    </Container>
  );
}
