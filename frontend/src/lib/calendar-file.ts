import { buildPath, routePaths } from '#shared/api/route-paths';
import { ApiError } from '#frontend/lib/api-core.ts';

/**
 * POST /api/bookings/{id}/ics {token} (issue 31: the token in the body, never in a URL): the booking's calendar file,
 * saved as `meeting.ics`. Throws an ApiError with the server's message when it is refused (404, 410).
 */
export async function downloadCalendarFile(bookingId: string, token: string): Promise<void> {
  const path = buildPath(routePaths.getBookingCalendarFile.path, { id: bookingId });
  let response: Response;
  try {
    response = await fetch(path, {
      method: routePaths.getBookingCalendarFile.method,
      headers: { 'Content-Type': 'application/json', Accept: 'text/calendar' },
      body: JSON.stringify({ token }),
    });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection and try again.', 'NETWORK_ERROR');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let message = 'Could not get the calendar file. Please try again.';
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the general message.
    }
    throw new ApiError(response.status, message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'meeting.ics';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
