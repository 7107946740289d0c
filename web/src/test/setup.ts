import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadSession } from '@/shared/auth/session';

// Pages and message files load lazily; on a busy 2-core machine the first load can take a while.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  reloadSession();
  vi.unstubAllGlobals();
  document.title = '';
  document.documentElement.lang = '';
});
