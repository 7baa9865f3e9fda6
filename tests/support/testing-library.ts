/**
 * The component tests' Testing Library setup: its `findBy` queries and `waitFor` wait up to 5 s
 * for what they look for, not its default 1 s. A part the page loads when it is first wanted (a
 * dialog's chunk, lib/lazy-modal.tsx) took over a second to come while a whole suite loaded the
 * machine, and the test failed with the dialog on its way: a query that gives up before a busy
 * machine has drawn checks the machine, not the page. What never comes still fails, 4 s later.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
