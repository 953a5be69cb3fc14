import { useRef, useState } from 'react';

import type { BookingListItem } from '#shared/api/schemas/bookings';
import { Button, type ButtonSize } from '#frontend/components/ui/button.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { bookingsCsv } from '#frontend/lib/booking-export.ts';
import { csvBlob, downloadFile } from '#frontend/lib/csv.ts';

/**
 * "Export CSV" (issue 30): reads every booking of the range (following the list's cursors, whatever the screen has
 * loaded), then saves them as a CSV file (RFC 4180, UTF-8, header row; times in `timeZone`, named in the headers).
 * While it reads the button says so and stays focusable (aria-disabled); the outcome is told in a toast.
 */
export function ExportCsvButton({
  load,
  timeZone,
  fileName,
  size = 'md',
  className,
}: {
  /** Every booking to export, in order. */
  load: (signal: AbortSignal) => Promise<BookingListItem[]>;
  timeZone: string;
  fileName: string;
  size?: ButtonSize;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);

  const exportCsv = async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    try {
      const bookings = await load(controller.signal);
      downloadFile(csvBlob(bookingsCsv(bookings, timeZone)), fileName);
      toast({
        title: 'Export ready',
        description: `${bookings.length} ${bookings.length === 1 ? 'booking' : 'bookings'} saved to ${fileName}.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description: (isApiError(error) && error.message) || 'Please try again.',
      });
    } finally {
      running.current = null;
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outline"
      size={size}
      aria-disabled={busy || undefined}
      className={`aria-disabled:cursor-default aria-disabled:opacity-60 ${className ?? ''}`}
      onClick={() => void exportCsv()}
    >
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
