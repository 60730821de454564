import '@fontsource/noto-sans-ethiopic/400.css';
import '@fontsource/noto-sans-ethiopic/700.css';
import '@diaspora/ui/src/styles.css';
import { AppProviders } from '@diaspora/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import App from './App';

// The console on its own origin: the same routes under /admin, without the shell's layout.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <Routes>
          <Route path="/admin/*" element={<App />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
