import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { toast } from '#frontend/components/ui/use-toast.ts';
import { useConnectCalendar, type CalendarProvider } from '#frontend/features/calendar/api/connect-calendar.ts';
import {
  CONNECT_CHANNEL,
  CONNECT_POLL_INTERVAL_MS,
  CONNECT_POLL_LIMIT_MS,
  CONNECT_WINDOW_NAME,
  connectWindowFeatures,
  isConnectResult,
  openConnectWindow,
} from '#frontend/features/calendar/lib/connect-window.ts';
import { isUnauthorized, messageOr } from '#frontend/features/calendar/lib/errors.ts';
import { calendarStatusKey, calendarStatusQueryOptions } from '#frontend/lib/calendar-status.ts';

/** Calendar connect errors: the window could not be opened, or 120 s passed without a connection. */
const showWindowFailed = () =>
  toast({
    variant: 'destructive',
    title: 'Connection Failed',
    description: 'There was an error connecting to Google Calendar. Please try again later.',
  });

const showConnected = (provider: CalendarProvider) =>
  toast({
    title: 'Calendar connected!',
    description:
      provider === 'google'
        ? 'Your Google Calendar is connected. Guests can now book your events.'
        : "Your bookings are kept in Meetwise's built-in calendar. Guests can now book your events.",
  });

const showAuthRequired = () =>
  toast({
    variant: 'destructive',
    title: 'Authentication required',
    description: 'Please log in to connect your calendar',
  });

/**
 * Connecting a calendar (connectCalendar in docs/api.md). 'google' opens the 800×600 authorization
 * window and then asks for the status every 3 s for up to 120 s, until it says connected ('Calendar connected!'),
 * or fails ('Connection Failed'); the window's last page also announces its result, which ends the wait sooner.
 * 'builtin' and 'auto' (no provider: the server picks, the built-in calendar when Google is not configured) need no
 * window when the answer's authUrl is null: the calendar is connected already.
 * `onUnauthorized` is called when a call answers 401 (the screen shows its banner).
 */
export function useCalendarConnect({ onUnauthorized }: { onUnauthorized: () => void }) {
  const queryClient = useQueryClient();
  const connect = useConnectCalendar();
  const [waitingForGoogle, setWaitingForGoogle] = useState(false);
  // Stops the current wait (timers, channel); null when none runs.
  const stopWait = useRef<(() => void) | null>(null);

  // Leaving the screen ends the wait quietly.
  useEffect(() => () => stopWait.current?.(), []);

  const waitForGoogle = useCallback(() => {
    stopWait.current?.();
    let over = false;
    const finish = (outcome: 'connected' | 'timeout' | 'unauthorized' | { error: string }) => {
      if (over) return;
      stop();
      setWaitingForGoogle(false);
      if (outcome === 'connected') showConnected('google');
      else if (outcome === 'timeout') showWindowFailed();
      else if (outcome === 'unauthorized') {
        showAuthRequired();
        onUnauthorized();
      } else {
        toast({
          variant: 'destructive',
          title: 'Connection failed',
          description: outcome.error || 'Failed to connect to Google Calendar.',
        });
      }
    };
    const poll = async () => {
      try {
        // Always a fresh answer; it lands in the shared cache, so the dashboard's banner follows too.
        const status = await queryClient.fetchQuery({ ...calendarStatusQueryOptions(), staleTime: 0 });
        if (!over && status.connected) finish('connected');
      } catch (error) {
        // A failed ask is tried again at the next tick, unless the session is gone.
        if (isUnauthorized(error)) finish('unauthorized');
      }
    };
    const interval = setInterval(() => void poll(), CONNECT_POLL_INTERVAL_MS);
    const timeout = setTimeout(() => finish('timeout'), CONNECT_POLL_LIMIT_MS);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CONNECT_CHANNEL);
    if (channel) {
      channel.onmessage = ({ data }: MessageEvent<unknown>) => {
        if (!isConnectResult(data)) return;
        // Success is confirmed by the server's status; a refusal (consent denied, expired state) ends the wait.
        if (data.connected) void poll();
        else finish({ error: data.error });
      };
    }
    function stop() {
      over = true;
      clearInterval(interval);
      clearTimeout(timeout);
      channel?.close();
      if (stopWait.current === stop) stopWait.current = null;
    }
    stopWait.current = stop;
    setWaitingForGoogle(true);
  }, [queryClient, onUnauthorized]);

  /** Must run in the click itself: the Google window is opened before the call, or browsers block it. */
  const start = (choice: CalendarProvider | 'auto') => {
    if (connect.isPending) return;
    const google = choice === 'google';
    const connectWindow = google ? openConnectWindow() : null;
    if (google && !connectWindow) {
      showWindowFailed();
      return;
    }
    connect.mutate(choice === 'auto' ? undefined : choice, {
      onSuccess: ({ authUrl, provider }) => {
        if (authUrl === null) {
          connectWindow?.close();
          stopWait.current?.();
          setWaitingForGoogle(false);
          showConnected(provider);
          void queryClient.invalidateQueries({ queryKey: calendarStatusKey });
          return;
        }
        if (connectWindow) connectWindow.navigate(authUrl);
        else if (!window.open(authUrl, CONNECT_WINDOW_NAME, connectWindowFeatures(window))) {
          showWindowFailed();
          return;
        }
        waitForGoogle();
      },
      onError: (error) => {
        connectWindow?.close();
        if (isUnauthorized(error)) {
          showAuthRequired();
          onUnauthorized();
          return;
        }
        const fallback = google ? 'Failed to connect to Google Calendar.' : 'Failed to connect the built-in calendar.';
        toast({ variant: 'destructive', title: 'Connection failed', description: messageOr(error, fallback) });
      },
    });
  };

  return { start, connecting: connect.isPending, waitingForGoogle };
}

export type CalendarConnect = ReturnType<typeof useCalendarConnect>;
