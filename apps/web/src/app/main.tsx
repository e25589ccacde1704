import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadProducts } from '@/lib/products-store';
import { syncSessionAcrossTabs } from '@/lib/session';
import { App } from './app';
import './styles.css';

// Spec §4: the catalogue is fetched once at start-up, before the first render asks for it.
void loadProducts();
syncSessionAcrossTabs();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
