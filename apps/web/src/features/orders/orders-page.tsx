export function OrdersPage() {
  return <div className="container-shop py-12">My orders</div>;
}
