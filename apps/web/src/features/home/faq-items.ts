import {
  DELIVERY_DAYS,
  DELIVERY_FEE,
  PROCESSING_DAYS,
  REFUND_DAYS,
  RETURN_WINDOW_DAYS,
  SHIPPING_COUNTRY,
  TOP_SIZES,
  WAIST_SIZES,
} from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';

/** Five fixed questions (docs/product.md §1). Every number comes from the constants the checkout uses. */
export const FAQ_ITEMS: readonly { question: string; answer: string }[] = [
  {
    question: 'How long does delivery take?',
    answer: `We pack your order within ${PROCESSING_DAYS.min}–${PROCESSING_DAYS.max} business days and deliver it within ${DELIVERY_DAYS.min}–${DELIVERY_DAYS.max} business days after that, anywhere in ${SHIPPING_COUNTRY}. Standard delivery costs ${formatPrice(DELIVERY_FEE)} per order.`,
  },
  {
    question: 'What is your return and exchange policy?',
    answer: `You can return or exchange any unworn item with its tags within ${RETURN_WINDOW_DAYS} days of delivery. Once we receive it, your refund reaches you within ${REFUND_DAYS.min}–${REFUND_DAYS.max} business days.`,
  },
  {
    question: 'Is cash on delivery available?',
    answer:
      'Yes. Choose cash on delivery at checkout, or pay online by UPI, card or net banking through our secure payment partner.',
  },
  {
    question: 'Are the products original?',
    answer:
      'Every product is 100% original and comes from the brand or its authorised distributors, with the brand’s own tags and packaging.',
  },
  {
    question: 'How do I choose my size?',
    answer: `Shirts and T-shirts come in ${TOP_SIZES.join(', ')}; pants come in waist sizes ${WAIST_SIZES.join(', ')}. If a size does not fit, exchange it within ${RETURN_WINDOW_DAYS} days of delivery.`,
  },
];
