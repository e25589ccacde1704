import { ToastContainer } from 'react-toastify/unstyled';
import { TOAST_DEFAULTS } from '@vastra/shared/constants';
import 'react-toastify/ReactToastify.css';

/** docs/product.md §9 toast defaults: top-right, 5000 ms, pause on hover. Loaded after the first paint. */
export function ToastHost() {
  return (
    <ToastContainer
      position={TOAST_DEFAULTS.position}
      autoClose={TOAST_DEFAULTS.autoClose}
      pauseOnHover={TOAST_DEFAULTS.pauseOnHover}
      newestOnTop
      limit={3}
    />
  );
}
