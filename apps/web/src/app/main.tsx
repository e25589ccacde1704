import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { followSession, restoreSession } from '@/lib/account-session';
import { loadProducts } from '@/lib/products-store';
import { syncSessionAcrossTabs } from '@/lib/session';
import { App } from './app';
import './styles.css';

// docs/product.md §4: the catalogue is fetched once at start-up, before the first render asks for it.
void loadProducts();
syncSessionAcrossTabs();
// docs/product.md §4: the token is restored from local storage (lib/session.ts) and the cart is fetched.
restoreSession();
followSession();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
