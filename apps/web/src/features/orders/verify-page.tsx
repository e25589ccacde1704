export function VerifyPage() {
  return <div className="container-shop py-12">Verifying payment…</div>;
}
