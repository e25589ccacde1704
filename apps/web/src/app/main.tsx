import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { followSession, restoreSession } from '@/lib/account-session';
import { adoptPageHome } from '@/features/home/page-home';
import { adoptPageProduct } from '@/lib/page-product';
import { syncSessionAcrossTabs } from '@/lib/session';
import { App } from './app';
import { loadRouteOf } from './router';
import './styles.css';

// The whole catalogue is no longer fetched at start-up: each screen asks for the products it shows
// (docs/decisions/146-screens-ask-for-what-they-show.md).
syncSessionAcrossTabs();
// docs/product.md §4: the token is restored from local storage (lib/session.ts) and the cart is fetched.
restoreSession();
followSession();
// A product page's HTML carries its product, the home page its first screen: the first render
// draws them (docs/decisions/154, 165). The collection's chunk takes its own (page-collection.ts).
adoptPageProduct();
adoptPageHome();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The page's own chunk first, so that the first render draws the page (router.tsx). A chunk
// that fails to load is the route's to report: its first render asks for it again.
void loadRouteOf(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
