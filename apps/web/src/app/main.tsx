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

/**
 * How long the first render waits for the page's own chunk (router.tsx): the server names it in
 * the page, so it normally arrives with the first script; one that is slower, or fails, is the
 * route's to show loading or to report, under the header, as before (decision 165).
 */
const ROUTE_CHUNK_WAIT_MS = 1_500;

void Promise.race([
  loadRouteOf(window.location.pathname).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, ROUTE_CHUNK_WAIT_MS)),
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
