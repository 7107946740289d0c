import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { afterFirstPaint } from '@/boot/first-paint-gate';
import '@/shared/ui/global.css';
import '@/shared/ui/first-paint.css';

const root = document.getElementById('root');
if (root) {
  // After the first paint's frame is on screen (ADR 0032): on a slow phone React's first renders would
  // otherwise hold its paint back. Where it draws none, it settles at once.
  void afterFirstPaint().then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
