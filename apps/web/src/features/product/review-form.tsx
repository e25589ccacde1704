import { useState } from 'react';
import {
  REVIEW_FIT_LABELS,
  REVIEW_FITS,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  reviewWriteSchema,
  type MyReview,
  type ReviewWrite,
} from '@vastra/shared/schemas/review';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { FormRefusal, useSchemaForm } from '@/components/ui/form';
import { ApiError, toastApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { removeReview, saveReview } from './api/review-calls';
import { invalidateReviews } from './use-reviews';

interface Values {
  /** '' until a star is chosen. */
  rating: string;
  /** '' is "not said". */
  fit: string;
  body: string;
}

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * Writing or editing the shopper's review (docs/decisions/136-product-reviews.md): stars as a
 * radio group (arrow keys move between them, as in any radio group), the fit, the text; checked
 * by the schema the API parses with (docs/decisions/107-storefront-forms.md). Loaded lazily by
 * the Reviews tab, so the product page does not carry the form library until it is opened.
 */
export default function ReviewForm({
  productId,
  review,
  onDone,
  onCancel,
}: {
  productId: string;
  /** The shopper's review, to edit; null to write one. */
  review: MyReview | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm<Values, ReviewWrite>({
    schema: reviewWriteSchema,
    defaultValues: {
      rating: review ? String(review.rating) : '',
      fit: review?.fit ?? '',
      body: review?.body ?? '',
    },
    prepare: (values) => ({
      rating: values.rating === '' ? undefined : Number(values.rating),
      fit: values.fit === '' ? null : values.fit,
      body: values.body,
    }),
  });
  const [busy, setBusy] = useState(false);
  const rating = Number(form.watch('rating') || 0);
  const ratingError = form.formState.errors.rating?.message;

  const onSubmit = form.handleSubmit(async (input) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await saveReview(productId, input);
      notify.success(answer.message);
      invalidateReviews(productId);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'http' && error.serverMessage)
        form.refuse(error.serverMessage);
      else toastApiError(error);
      setBusy(false);
    }
  });

  const remove = async () => {
    setBusy(true);
    try {
      notify.success((await removeReview(productId)).message ?? REVIEW_MESSAGES.deleted);
      invalidateReviews(productId);
      onDone();
    } catch (error) {
      toastApiError(error);
      setBusy(false);
    }
  };

  const rated = form.register('rating');
  const fit = form.register('fit');
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={review ? 'Edit your review' : 'Write a review'}
      data-testid="review-form"
      className="space-y-5"
    >
      <FormRefusal message={form.refusal} />
      <fieldset aria-describedby={ratingError ? 'review-rating-error' : undefined}>
        <legend className="mb-2 text-xs font-medium tracking-[0.14em] uppercase">
          Your rating
        </legend>
        <div className="flex items-center gap-3">
          <div className="flex" data-testid="review-stars">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="relative cursor-pointer p-1">
                <input
                  type="radio"
                  value={String(n)}
                  {...rated}
                  aria-label={`${n} star${n === 1 ? '' : 's'}: ${STAR_WORDS[n]}`}
                  aria-invalid={ratingError ? true : undefined}
                  className="peer sr-only"
                />
                <svg
                  width="28"
                  height="28"
                  viewBox="0 0 20 20"
                  aria-hidden="true"
                  className="rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink"
                >
                  <path
                    d="M10 1.8l2.5 5.3 5.8.7-4.3 4 1.1 5.7L10 14.7l-5.1 2.8 1.1-5.7-4.3-4 5.8-.7L10 1.8Z"
                    className={n <= rating ? 'fill-accent' : 'fill-[#d9d1c5]'}
                  />
                </svg>
              </label>
            ))}
          </div>
          <span className="text-sm text-muted" aria-hidden="true">
            {STAR_WORDS[rating]}
          </span>
        </div>
        {ratingError && (
          <p id="review-rating-error" className="mt-1 text-xs text-accent">
            {ratingError}
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-xs font-medium tracking-[0.14em] uppercase">
          How does it fit?{' '}
          <span className="tracking-normal text-muted normal-case">(optional)</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {(['', ...REVIEW_FITS] as const).map((value) => (
            <label key={value || 'none'} className="cursor-pointer">
              <input type="radio" value={value} {...fit} className="peer sr-only" />
              <span className="inline-block border border-line bg-white/60 px-3 py-2 text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink">
                {value === '' ? 'Not saying' : REVIEW_FIT_LABELS[value]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <TextArea
        look="shop"
        label="Your review"
        optional
        rows={5}
        hint={`Up to ${REVIEW_LIMITS.textMax} characters. Your first name and last initial show with it.`}
        {...form.field('body')}
      />

      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="md" disabled={busy}>
          {review ? 'Save changes' : 'Post review'}
        </Button>
        <Button variant="secondary" size="md" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        {review && (
          <Button
            variant="link"
            className="ml-auto self-center"
            disabled={busy}
            onClick={() => void remove()}
          >
            Remove my review
          </Button>
        )}
      </div>
    </form>
  );
}
