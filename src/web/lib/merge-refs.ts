/**
 * `useMergeRefs` for Mantine's ScrollArea, in place of @floating-ui/react's (vite.config.ts routes
 * ScrollArea's import here). ScrollArea needs only this hook from the positioning library, but a
 * bundle splits by module, so a page with a Mantine Table or Modal (both bring a ScrollArea) would
 * load all of floating-ui that any page uses, about 13 KB gzip. Mantine's own hook does the same:
 * one callback ref that sets every given ref and undoes them on detach.
 */
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  // ScrollArea passes a fixed-length array, so the hook's argument count never changes.
  return useMergedRef<T>(...refs);
}
