// A page's warm-up worker, started by the module loader (module-loader.js) once the page's words are painted. A
// browser loads its date, time zone and collation data (ICU) at a page's first use of Intl: tens of milliseconds
// in one go on this machine (several times that on a phone), which on the page's own thread would be one long task
// between the guest and the page. The data is loaded for the whole renderer: made here, on the worker's thread, the
// first uses cost the page's thread (the early calls' month, the app's dates and sorted lists) next to nothing.
// Keep the formats near the app's: the browser's zone and locale, en-US with a zone, en-CA (early-calls.js).
try {
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  var now = new Date();
  new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).formatToParts(now);
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  'a'.localeCompare('b');
} catch (e) {}
postMessage('ready');
