// A public booking page's first two calls (the event, the month's available dates in the browser's zone)
// leave now, while the app's code still downloads; frontend/src/lib/api.ts takes each answer once by its
// URL. A published page carries its event (#meetwise-event, above this script): only the dates are asked, and not
// before its words are painted: the module loader (module-loader.js) sends them with the code, after the first paint
// (a call made earlier competes with the page's first paint on a slow network).
// Keep the paths in sync with bookingSlugOf (frontend/src/app/layout-rules.ts) and prefetchBookingPage.
(function () {
  var match = /^\/(book|events)\/([^/]+)\/?$/.exec(location.pathname.toLowerCase());
  if (!match || (match[1] === 'events' && (match[2] === 'new' || match[2] === 'dashboard')) || !window.fetch) return;
  var slug;
  try {
    slug = decodeURIComponent(match[2]);
  } catch (e) {
    return;
  }
  var published = !!document.getElementById('meetwise-event');
  var early = (window.__meetwiseEarly = {});
  // The month in the browser's zone: the zone's data is read here (several milliseconds at a browser's first use), in
  // the loader's own task after the paint on a published page.
  var send = function () {
    try {
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
      if (!published) urls.unshift('/api/events/public/' + encodeURIComponent(slug));
      urls.forEach(function (url) {
        early[url] = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
        early[url].catch(function () {});
      });
    } catch (e) {}
  };
  if (published) window.__meetwiseSendEarly = send;
  else send();
})();
