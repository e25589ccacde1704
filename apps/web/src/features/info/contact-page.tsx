import { CONTACT, GRIEVANCE_OFFICER, SHOP_NAME, SUPPORT_LINKS } from '@vastra/shared/constants';
import { ChatIcon } from '@/components/ui/icons';
import { InfoLayout, InfoSection } from './info-layout';

const CONTACT_META = {
  title: 'Contact us',
  description: `Reach ${SHOP_NAME} support by phone, e-mail or chat, every day from 10 AM to 10 PM. Store address in Bengaluru and our grievance officer's contact.`,
} as const;

const tel = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

export function ContactPage() {
  return (
    <InfoLayout
      eyebrow="We are here to help"
      title="Contact us"
      metaTitle={CONTACT_META.title}
      description={CONTACT_META.description}
      intro={
        <p>
          Questions about a size, an order or a return? Write, call or chat — a real person answers.
        </p>
      }
    >
      <div className="grid gap-4 py-8 sm:grid-cols-2">
        <div className="rounded-sm border border-line bg-white/70 p-6">
          <h2 className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">
            Our store
          </h2>
          <address className="mt-3 space-y-1 not-italic leading-relaxed">
            <p className="font-medium">{CONTACT.storeName}</p>
            <p>{CONTACT.address}</p>
          </address>
          <a
            href={SUPPORT_LINKS.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-block text-sm font-medium text-accent underline underline-offset-2"
          >
            View on map<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <div className="rounded-sm border border-line bg-white/70 p-6">
          <h2 className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">
            Customer support
          </h2>
          <dl className="mt-3 space-y-2">
            <div>
              <dt className="sr-only">Phone</dt>
              <dd>
                <a href={tel(CONTACT.phone)} className="font-medium hover:text-accent">
                  {CONTACT.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="sr-only">E-mail</dt>
              <dd>
                <a href={`mailto:${CONTACT.email}`} className="font-medium hover:text-accent">
                  {CONTACT.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="sr-only">Hours</dt>
              <dd className="text-muted" data-testid="support-hours">
                {CONTACT.hours}
              </dd>
            </div>
          </dl>
          <a
            href={SUPPORT_LINKS.chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-2 bg-ink px-5 py-2.5 text-sm font-medium tracking-[0.08em] text-paper hover:bg-accent-dark"
          >
            <ChatIcon size={18} />
            {SUPPORT_LINKS.chatLabel}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
      <InfoSection title="Grievance officer">
        <p>
          If we have not resolved a complaint to your satisfaction, write to our grievance officer,
          appointed under the Consumer Protection (E-Commerce) Rules, 2020. We acknowledge every
          complaint within {GRIEVANCE_OFFICER.acknowledgeHours} hours and resolve it within{' '}
          {GRIEVANCE_OFFICER.resolveDays} days.
        </p>
        <address className="not-italic" data-testid="grievance-officer">
          <p className="font-medium">
            {GRIEVANCE_OFFICER.name}, {GRIEVANCE_OFFICER.designation}
          </p>
          <p>
            {CONTACT.storeName}, {GRIEVANCE_OFFICER.address}
          </p>
          <p>
            E-mail: <a href={`mailto:${GRIEVANCE_OFFICER.email}`}>{GRIEVANCE_OFFICER.email}</a> ·
            Phone: <a href={tel(GRIEVANCE_OFFICER.phone)}>{GRIEVANCE_OFFICER.phone}</a>
          </p>
          <p>{GRIEVANCE_OFFICER.hours}</p>
        </address>
      </InfoSection>
    </InfoLayout>
  );
}
