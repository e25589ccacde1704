const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** `₹2,380.00`, `-₹100.50`: the GST report shows the paise of every figure. */
export function formatReportPaise(paise: number): string {
  return rupees.format(paise / 100);
}
