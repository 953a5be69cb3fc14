// A public booking page's first two calls (the event, the month's available dates in the browser's zone)
// leave now, while the app's code still downloads; frontend/src/lib/api.ts takes each answer once by its
// URL. A published page carries its event (#meetwise-event, above this script): only the dates are asked.
// Keep the paths in sync with bookingSlugOf (frontend/src/app/layout-rules.ts) and prefetchBookingPage.
(function () {
  var match = /^\/(book|events)\/([^/]+)\/?$/.exec(location.pathname.toLowerCase());
  if (!match || (match[1] === 'events' && (match[2] === 'new' || match[2] === 'dashboard')) || !window.fetch) return;
  try {
    var slug = decodeURIComponent(match[2]);
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    var parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
    }).formatToParts(new Date());
    var part = function (type) {
      return Number(
        parts.filter(function (p) {
          return p.type === type;
        })[0].value,
      );
    };
    var dates = new URLSearchParams({ year: part('year'), month: part('month'), eventId: slug, timezone: zone });
    var urls = ['/api/available-dates?' + dates.toString()];
    if (!document.getElementById('meetwise-event')) urls.unshift('/api/events/public/' + encodeURIComponent(slug));
    var early = (window.__meetwiseEarly = {});
    urls.forEach(function (url) {
      early[url] = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
      early[url].catch(function () {});
    });
  } catch (e) {}
})();
