import { errorResponseSchema } from '@vastra/shared/schemas/common';

/** The refusals every admin route may answer: bad input, no session, not an admin, gone, raced. */
export const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
} as const;
