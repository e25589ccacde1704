import { Link } from 'react-router';
import {
  CONTACT,
  DELIVERY_DAYS,
  DELIVERY_FEE,
  FREE_DELIVERY_COUPON,
  GRIEVANCE_OFFICER,
  MIN_AGE,
  PROCESSING_DAYS,
  REFUND_DAYS,
  RETURN_WINDOW_DAYS,
  SHIPPING_COUNTRY,
  SHOP_NAME,
} from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import { InfoLayout, InfoSection, POLICIES_UPDATED } from './info-layout';

/** Every number below comes from the constants the checkout and the server use (docs/architecture.md §4). */
const days = (range: { min: number; max: number }) => `${range.min}–${range.max} business days`;

const POLICY_META = {
  refund: {
    title: 'Refund and return policy',
    description: `Return or exchange ${SHOP_NAME} items within ${RETURN_WINDOW_DAYS} days of delivery; refunds reach you within ${days(REFUND_DAYS)}.`,
  },
  privacy: {
    title: 'Privacy policy',
    description: `What personal data ${SHOP_NAME} collects, why, how long we keep it and how to reach our grievance officer.`,
  },
  terms: {
    title: 'Terms of service',
    description: `The terms for shopping at ${SHOP_NAME}: who may buy (${MIN_AGE}+), prices, payment, delivery, returns, and our grievance officer.`,
  },
  shipping: {
    title: 'Shipping policy',
    description: `${SHOP_NAME} ships across ${SHIPPING_COUNTRY}: packed in ${days(PROCESSING_DAYS)}, delivered in ${days(DELIVERY_DAYS)}, standard delivery ${formatPrice(DELIVERY_FEE)}.`,
  },
} as const;

function GrievanceContact() {
  return (
    <p>
      Grievance officer: {GRIEVANCE_OFFICER.name}, {CONTACT.storeName}, {GRIEVANCE_OFFICER.address}.
      E-mail <a href={`mailto:${GRIEVANCE_OFFICER.email}`}>{GRIEVANCE_OFFICER.email}</a>, phone{' '}
      {GRIEVANCE_OFFICER.phone}. We acknowledge a complaint within{' '}
      {GRIEVANCE_OFFICER.acknowledgeHours} hours and resolve it within{' '}
      {GRIEVANCE_OFFICER.resolveDays} days.
    </p>
  );
}

export function RefundPolicyPage() {
  return (
    <InfoLayout
      eyebrow="Policies"
      title="Refund and return policy"
      metaTitle={POLICY_META.refund.title}
      description={POLICY_META.refund.description}
      updated={POLICIES_UPDATED}
      intro={
        <p>Not quite right? Return or exchange it within {RETURN_WINDOW_DAYS} days of delivery.</p>
      }
    >
      <InfoSection title={`${RETURN_WINDOW_DAYS}-day returns and exchanges`}>
        <p>
          You may return or exchange any item within{' '}
          <strong>{RETURN_WINDOW_DAYS} days of delivery</strong>, for any reason, as long as it is
          unworn, unwashed and has its original tags and packaging.
        </p>
        <p>
          Exchanges are for another size of the same product, subject to stock; otherwise we refund
          you.
        </p>
      </InfoSection>
      <InfoSection title="Cancelling an order">
        <p>
          Until your order is shipped you can cancel it yourself: open it under{' '}
          <Link to="/orders">My Orders</Link> and choose <strong>Cancel order</strong>. If you paid
          online, the whole amount, delivery included, goes back to the same card or UPI account.
        </p>
      </InfoSection>
      <InfoSection title="How to return or exchange">
        <ul>
          <li>
            Open the order under <Link to="/orders">My Orders</Link> and choose{' '}
            <strong>Return or exchange items</strong>: pick the items and how many, the reason, and
            a refund or another size. We show you the refund before you confirm.
          </li>
          <li>
            We confirm the request by e-mail and arrange a pickup from your delivery address. A new
            size is kept for you from the moment you ask.
          </li>
          <li>
            We check the item when it reaches us; then we send the refund, or ship the new size at
            no extra cost.
          </li>
          <li>
            Questions? Write to <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> or call{' '}
            {CONTACT.phone}.
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="Refunds">
        <p>
          Once the item has passed its check, the refund reaches you within{' '}
          <strong>{days(REFUND_DAYS)}</strong>: to the same card or UPI account for online payments,
          and to a UPI ID you give us for cash on delivery orders.
        </p>
        <p>
          A return refunds what you paid for those items, with their share of any coupon discount.
          The delivery fee is refunded when the whole order is cancelled before it ships.
        </p>
      </InfoSection>
      <InfoSection title="Damaged or wrong items">
        <p>
          Tell us within {RETURN_WINDOW_DAYS} days of delivery, with a photo if you can, by choosing
          the reason when you ask for the return. We exchange the item or refund it in full.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}

export function ShippingPolicyPage() {
  return (
    <InfoLayout
      eyebrow="Policies"
      title="Shipping policy"
      metaTitle={POLICY_META.shipping.title}
      description={POLICY_META.shipping.description}
      updated={POLICIES_UPDATED}
      intro={<p>Where we deliver, how long it takes and what it costs.</p>}
    >
      <InfoSection title="Where we deliver">
        <p>
          We deliver to addresses in <strong>{SHIPPING_COUNTRY}</strong> only. We do not ship
          outside {SHIPPING_COUNTRY} at the moment.
        </p>
      </InfoSection>
      <InfoSection title="How long it takes">
        <ul>
          <li>
            Processing: we pack and dispatch your order within{' '}
            <strong>{days(PROCESSING_DAYS)}</strong> of placing it.
          </li>
          <li>
            Delivery: the courier delivers within <strong>{days(DELIVERY_DAYS)}</strong> of
            dispatch, depending on your pin code.
          </li>
        </ul>
        <p>
          We e-mail you when your order leaves us. Business days are Monday to Saturday, except
          public holidays.
        </p>
      </InfoSection>
      <InfoSection title="What it costs">
        <p>
          Standard delivery costs <strong>{formatPrice(DELIVERY_FEE)}</strong> per order, shown in
          your order summary before you pay. It is the only delivery option we offer.
        </p>
        <p>
          Free delivery: the coupon <strong>{FREE_DELIVERY_COUPON.code}</strong> removes the
          delivery fee on an order of {formatPrice(FREE_DELIVERY_COUPON.minSubtotal)} or more, for
          customers with fewer than {FREE_DELIVERY_COUPON.maxEarlierOrders} earlier orders, once per
          account.
        </p>
      </InfoSection>
      <InfoSection title="Cash on delivery">
        <p>
          Cash on delivery is available on every order; please keep the exact amount ready for the
          courier.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}

export function PrivacyPolicyPage() {
  return (
    <InfoLayout
      eyebrow="Policies"
      title="Privacy policy"
      metaTitle={POLICY_META.privacy.title}
      description={POLICY_META.privacy.description}
      updated={POLICIES_UPDATED}
      intro={
        <p>
          We collect what we need to deliver your orders, and nothing more. This policy follows
          India’s Digital Personal Data Protection Act, 2023.
        </p>
      }
    >
      <InfoSection title="What we collect">
        <ul>
          <li>
            Your name, e-mail address and password (stored only as a secure hash) when you create an
            account.
          </li>
          <li>Delivery addresses and phone numbers you enter at checkout.</li>
          <li>
            Your orders and cart. Card and UPI details go straight to our payment partner; we never
            see or store them.
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="Why we use it">
        <ul>
          <li>
            To deliver your orders, process returns and refunds, and send you order e-mails and
            one-time passwords.
          </li>
          <li>
            To keep you signed in: a session token is kept in your browser’s local storage until you
            log out.
          </li>
        </ul>
        <p>
          We do not sell your data, and we do not use advertising trackers or third-party cookies.
        </p>
      </InfoSection>
      <InfoSection title="Who we share it with">
        <p>
          Only the courier delivering your order and our payment partner, each for that purpose
          alone, and authorities when the law requires it.
        </p>
      </InfoSection>
      <InfoSection title="Your rights">
        <p>
          You may ask to see, correct or delete your personal data, or withdraw your consent, by
          writing to <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>. We keep order records
          as long as tax law requires.
        </p>
        <GrievanceContact />
      </InfoSection>
    </InfoLayout>
  );
}

export function TermsOfServicePage() {
  return (
    <InfoLayout
      eyebrow="Policies"
      title="Terms of service"
      metaTitle={POLICY_META.terms.title}
      description={POLICY_META.terms.description}
      updated={POLICIES_UPDATED}
      intro={
        <p>
          These terms apply when you use the {SHOP_NAME} website and buy from {CONTACT.storeName};
          by placing an order you accept them.
        </p>
      }
    >
      <InfoSection title="Who may buy">
        <p>
          You must be <strong>{MIN_AGE} years of age or over</strong> to create an account and place
          an order. You are responsible for keeping your password safe.
        </p>
      </InfoSection>
      <InfoSection title="Products and prices">
        <p>
          Prices are in Indian rupees (₹) and include all taxes. Delivery costs{' '}
          {formatPrice(DELIVERY_FEE)} per order unless a free-delivery coupon applies. We try to
          show every product accurately; if a price or description is wrong, we will tell you before
          dispatch and you may cancel for a full refund.
        </p>
      </InfoSection>
      <InfoSection title="Orders and payment">
        <p>
          An order is accepted when we confirm it by e-mail. You may pay online through our payment
          partner or choose cash on delivery. Online orders are confirmed only once the payment
          partner confirms the payment.
        </p>
      </InfoSection>
      <InfoSection title="Delivery, returns and refunds">
        <p>
          We deliver within {SHIPPING_COUNTRY} in {days(DELIVERY_DAYS)} after dispatch (
          <Link to="/shipping-policy">shipping policy</Link>). You may return or exchange items
          within {RETURN_WINDOW_DAYS} days of delivery; refunds take {days(REFUND_DAYS)} (
          <Link to="/refund-policy">refund policy</Link>).
        </p>
      </InfoSection>
      <InfoSection title="Complaints and grievance officer">
        <GrievanceContact />
        <p>
          These terms are governed by the laws of India; the courts of Bengaluru, Karnataka have
          jurisdiction over any dispute.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
