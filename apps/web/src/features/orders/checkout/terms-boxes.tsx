import { Link } from 'react-router';

export interface TermsState {
  terms: boolean;
  privacy: boolean;
}

/** Both must be ticked before an order is placed (docs/product.md §5); the pages open in a new tab so the form keeps its contents. */
export function TermsBoxes({
  value,
  onChange,
}: {
  value: TermsState;
  onChange: (next: TermsState) => void;
}) {
  const box = 'mt-0.5 h-4 w-4 shrink-0';
  const link = 'font-medium text-ink underline underline-offset-2 hover:text-accent';
  return (
    <div className="space-y-2.5 text-sm">
      <label className="flex items-start gap-2.5">
        <input
          type="checkbox"
          name="acceptTerms"
          checked={value.terms}
          onChange={(e) => onChange({ ...value, terms: e.target.checked })}
          className={box}
        />
        <span>
          I agree to the{' '}
          <Link to="/terms-of-service" target="_blank" rel="noopener" className={link}>
            Terms of Service
          </Link>
        </span>
      </label>
      <label className="flex items-start gap-2.5">
        <input
          type="checkbox"
          name="acceptPrivacy"
          checked={value.privacy}
          onChange={(e) => onChange({ ...value, privacy: e.target.checked })}
          className={box}
        />
        <span>
          I have read the{' '}
          <Link to="/privacy-policy" target="_blank" rel="noopener" className={link}>
            Privacy Policy
          </Link>
        </span>
      </label>
    </div>
  );
}
