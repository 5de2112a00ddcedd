import { ActionIcon, Center, Code, CopyButton, Group, Image, List, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface TotpSetupPanelProps {
  qrCodeDataUrl: string;
  sharedSecret: string;
}

/** The secret in groups of four, as authenticator apps show it; copying takes the raw secret. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TotpSetupPanel({ qrCodeDataUrl, sharedSecret }: TotpSetupPanelProps) {
  return (
    <Stack gap="sm">
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</List.Item>
        <List.Item>{qrCodeDataUrl ? 'Scan the QR code, or enter the setup key by hand.' : 'Enter the setup key below by hand.'}</List.Item>
        <List.Item>Enter the 6-digit code the app shows.</List.Item>
      </List>
      {/* A cloud user pool gives only the setup key (no QR encoder in the bundle). */}
      {qrCodeDataUrl && (
        <Center>
          <Paper withBorder p="xs" radius="md">
            <Image
              src={qrCodeDataUrl}
              alt="QR code for adding Clearlane to your authenticator app"
              w={180}
              h={180}
              fit="contain"
            />
          </Paper>
        </Center>
      )}
      <div>
        <Text fz="sm" fw={500} id="totp-secret-label">
          Setup key
        </Text>
        <Group gap="xs" wrap="nowrap" mt={4}>
          <Code fz="sm" style={{ flex: 1, display: 'block', padding: '8px 12px', letterSpacing: '0.05em', overflowWrap: 'anywhere' }} data-testid="totp-secret" aria-labelledby="totp-secret-label">
            {grouped(sharedSecret)}
          </Code>
          <CopyButton value={sharedSecret} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy setup key'} withArrow>
                <ActionIcon variant="light" size="lg" onClick={copy} aria-label={copied ? 'Setup key copied' : 'Copy setup key'} color={copied ? 'teal.8' : undefined}>
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </div>
    </Stack>
  );
}
