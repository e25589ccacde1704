import { AboutPage } from '@/features/info/about-page';
import { ContactPage } from '@/features/info/contact-page';
import {
  PrivacyPolicyPage,
  RefundPolicyPage,
  ShippingPolicyPage,
  TermsOfServicePage,
} from '@/features/info/policy-pages';

// The information pages share one lazily loaded chunk (docs/decisions/033).
export const AboutRoute = () => <AboutPage />;
export const ContactRoute = () => <ContactPage />;
export const RefundPolicyRoute = () => <RefundPolicyPage />;
export const PrivacyPolicyRoute = () => <PrivacyPolicyPage />;
export const TermsOfServiceRoute = () => <TermsOfServicePage />;
export const ShippingPolicyRoute = () => <ShippingPolicyPage />;
