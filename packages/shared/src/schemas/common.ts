import { z } from 'zod';

/** Every failure the API gives: the storefront shows `message` as it is. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Where the spec says "answer shape not shown" (DESIGN.md §3). */
export const okResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});

/** Our ids are UUIDs; anything else is refused before it reaches the database. */
export const idSchema = z.uuid({ message: 'Invalid id' });
