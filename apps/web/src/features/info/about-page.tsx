import { Link } from 'react-router';
import {
  BRAND_LABELS,
  BRANDS,
  CONTACT,
  RETURN_WINDOW_DAYS,
  SHIPPING_COUNTRY,
  SHOP_NAME,
} from '@vastra/shared/constants';
import { InfoLayout, InfoSection } from './info-layout';

const ABOUT_META = {
  title: 'About us',
  description: `${SHOP_NAME} is a Bengaluru online shop for original shirts, T-shirts and pants from the brands India loves, delivered across ${SHIPPING_COUNTRY}.`,
} as const;

export function AboutPage() {
  const brands = BRANDS.map((b) => BRAND_LABELS[b]);
  return (
    <InfoLayout
      eyebrow="Our story"
      title={`About ${SHOP_NAME}`}
      metaTitle={ABOUT_META.title}
      description={ABOUT_META.description}
      intro={
        <p>
          {SHOP_NAME} — Sanskrit for “garment” — began with a simple idea: buying a good shirt
          online in India should feel as trustworthy as buying it in a store you know.
        </p>
      }
    >
      <InfoSection title="What we sell">
        <p>
          Shirts, T-shirts and pants for everyday wear, office days and weekends, from{' '}
          {brands.slice(0, -1).join(', ')} and {brands.at(-1)}. Every piece is 100% original, bought
          from the brand or its authorised distributors.
        </p>
      </InfoSection>
      <InfoSection title="How we work">
        <ul>
          <li>We photograph and describe every product honestly, with its real colour and fit.</li>
          <li>
            Prices are in rupees and include all taxes; the delivery fee is shown before you pay.
          </li>
          <li>
            Changed your mind? Return or exchange within {RETURN_WINDOW_DAYS} days of delivery —{' '}
            <Link to="/refund-policy">see our refund policy</Link>.
          </li>
          <li>Pay online by UPI, card or net banking, or choose cash on delivery.</li>
        </ul>
      </InfoSection>
      <InfoSection title="Who we are">
        <p>
          {CONTACT.storeName} is a small team in Bengaluru: buyers, a photographer, a packing crew
          and the people who answer your messages. We would love to hear from you —{' '}
          <Link to="/contact">get in touch</Link>.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
