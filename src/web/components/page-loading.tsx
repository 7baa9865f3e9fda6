/**
 * A page's place while its data comes: a spinner and what is coming, a screen tall, so the footer
 * starts below the fold where the page will push it, not in view and then pushed away (a layout
 * shift of 0.05-0.07 on the game, its replay and a profile).
 */
import type { ReactNode } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';

export function PageLoading({ children = 'Loading...', label }: { children?: ReactNode; label?: string }) {
  return (
    <Center py="xl" mih="100vh">
      <Stack align="center">
        <Loader aria-label={label} />
        <Text role="status">{children}</Text>
      </Stack>
    </Center>
  );
}
