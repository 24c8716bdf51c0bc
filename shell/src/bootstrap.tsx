import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/Providers';
import { createRouter } from './app/router';
import { loadManifest } from './remotes/manifest';
import './app/global.css';
import './app/pickers.css';

async function main() {
  const remotes = await loadManifest();
  const router = createRouter(remotes);
  createRoot(document.getElementById('root')!).render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

void main();
