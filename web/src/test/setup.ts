import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadSession } from '@/shared/auth/session';

// Pages and message files load lazily, and the test command runs Vitest beside the Rust build and the
// browser tests on 2 cores (scripts/test): a wait that passes waits no longer for this, and one that fails
// says so after 15 seconds instead of 4, which a starved worker once needed.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  reloadSession();
  vi.unstubAllGlobals();
  document.title = '';
  document.documentElement.lang = '';
});
