/** The header's four links (docs/product.md §2), shared by the desktop bar and the mobile menu. */
export const NAV_LINKS = [
  { to: '/', label: 'HOME', end: true },
  { to: '/collection', label: 'COLLECTION', end: false },
  { to: '/about', label: 'ABOUT', end: false },
  { to: '/contact', label: 'CONTACT', end: false },
] as const;
