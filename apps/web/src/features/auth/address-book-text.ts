import { ADDRESS_BOOK_MAX, ADDRESS_BOOK_MESSAGES } from '@vastra/shared/schemas/address-book';

/** The address book's words on the profile; the API's refusals come with its own messages. */
export const ADDRESS_BOOK_TEXT = {
  title: 'Addresses',
  empty: 'No saved addresses yet. Checkout offers to save the one you deliver to.',
  add: 'ADD AN ADDRESS',
  addTitle: 'New address',
  editTitle: 'Change address',
  saveFailed: 'The address could not be saved',
  deleteFailed: 'The address could not be deleted',
  defaultFailed: 'The default address could not be changed',
  loadFailed: 'Your addresses could not be loaded.',
  confirmDelete: 'Delete this address?',
  madeDefault: 'Checkout will now preselect this address',
  /** The API's own words for the limit, shown before the shopper tries a 21st. */
  full: ADDRESS_BOOK_MESSAGES.full,
  max: ADDRESS_BOOK_MAX,
} as const;
