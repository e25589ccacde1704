/**
 * The answer a page's HTML carries for the storefront's first render
 * (docs/decisions/154-product-page-carries-its-product.md): a product page holds its
 * `GET /api/product/:id` answer in `<script type="application/json" id="product-data">`, so the
 * storefront draws the product without asking for it.
 */
export const PRODUCT_DATA_ID = 'product-data';
/**
 * The collection's page as it first opens (no filter, search or sort in its address) holds its
 * `GET /api/products` answer, for the default query, in
 * `<script type="application/json" id="collection-data">`
 * (docs/decisions/165-pages-carry-their-first-screen.md).
 */
export const COLLECTION_DATA_ID = 'collection-data';
/**
 * The home page holds what its first screen shows, each part as its endpoint answers it:
 * `{ hero, latest, bestsellers }` from `GET /api/home/hero`, `/api/product/latest` and
 * `/api/product/bestsellers`, in `<script type="application/json" id="home-data">` (decision 165).
 */
export const HOME_DATA_ID = 'home-data';
