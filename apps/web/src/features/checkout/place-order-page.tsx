export function PlaceOrderPage() {
  return <div className="container-shop py-12">Checkout</div>;
}
