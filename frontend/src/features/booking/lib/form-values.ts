/** What the details form holds; kept by the page so Back and forth between steps keeps the typing. */
export interface BookingFormValues {
  name: string;
  email: string;
  additionalInfo: string;
  guests: string[];
  /** Issue 30: the guest's phone number, asked for when the host calls (the public event's `asksForPhone`). */
  phone: string;
}
export const EMPTY_FORM: BookingFormValues = { name: '', email: '', additionalInfo: '', guests: [], phone: '' };
