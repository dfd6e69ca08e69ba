import { Box, Center, Container, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from './brand.js';
import { MaintenanceBanner } from './maintenance-banner.js';

/** Frame of the public and status pages: brand, maintenance notice, a card with the page. */
export const PublicFrame = () => (
  <Box mih="100vh" bg="gray.1" style={{ display: 'flex', flexDirection: 'column' }}>
    <MaintenanceBanner />
    <Center style={{ flex: 1 }} p="md">
      <Container size={460} w="100%" px={0}>
        <Stack gap="lg">
          <Center>
            <Brand size="lg" />
          </Center>
          <Paper component="main" withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
            <Outlet />
          </Paper>
          <Text size="xs" c="gray.7" ta="center">
            Aval · Seguro garantia
          </Text>
        </Stack>
      </Container>
    </Center>
  </Box>
);
