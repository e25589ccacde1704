import { z } from 'zod';

/**
 * Who takes the shop's payments: Razorpay, or the local emulator that moves no money. The
 * storefront asks once per visit and shows a test-mode banner for the emulator (decision 094).
 */
export const PAYMENT_MODES = ['razorpay', 'emulator'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const paymentModeResponseSchema = z.object({
  success: z.literal(true),
  mode: z.enum(PAYMENT_MODES),
});
export type PaymentModeResponse = z.infer<typeof paymentModeResponseSchema>;
