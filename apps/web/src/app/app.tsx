import { BrowserRouter } from 'react-router';
import { ErrorBoundary, SomethingWentWrong } from '@/components/ui/error-boundary';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    // The last resort, for a crash outside a page (the header, the admin chunk failing to load):
    // no header then, since it may be what crashed. Pages have their own boundary inside the layout.
    <ErrorBoundary fallback={<SomethingWentWrong />}>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
