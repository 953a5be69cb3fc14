// A page's warm-up worker, started by the module loader (module-loader.js) once the page's words are painted. A
// browser loads its date, time zone and collation data (ICU) at a page's first use of Intl: tens of milliseconds
// in one go on this machine (several times that on a phone), which on the page's own thread would be one long task
// between the guest and the page. The data is loaded for the whole renderer: made here, on the worker's thread, the
// app's first uses (its dates and sorted lists, once its code is here) cost the page's thread next to nothing. The
// early calls' month is read in the loader's next step, before the worker is done: that one use stays on the page's.
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
