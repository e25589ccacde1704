/**
 * The answer a page's HTML carries for the storefront's first render
 * (docs/decisions/154-product-page-carries-its-product.md): a product page holds its
 * `GET /api/product/:id` answer in `<script type="application/json" id="product-data">`, so the
 * storefront draws the product without asking for it.
 */
export const PRODUCT_DATA_ID = 'product-data';
