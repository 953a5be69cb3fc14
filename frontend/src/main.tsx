import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { AppRoutes, prefetchForPath } from '#frontend/app/router.tsx';
import { queryClient } from '#frontend/lib/query-client.ts';

import '#frontend/index.css';

// A booking page's calls start now, in parallel with its chunk and with each other.
prefetchForPath(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
