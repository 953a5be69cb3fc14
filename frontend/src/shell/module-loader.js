// A prerendered page (a published booking page, the landing page) lists its modules in
// <meta name="meetwise-modules"> instead of Vite's tags (frontend/src/prerender/html.ts deferModules): it paints
// its words first, then this loads the code that hydrates it, and sends a published booking page's early calls
// (early-calls.js) with it. Other pages keep Vite's tags: no list, nothing to load.
// With the code, a worker loads the browser's date data (intl-warmup.js) off the page's thread.
(function () {
  var sendEarly = function () {
    var send = window.__meetwiseSendEarly;
    window.__meetwiseSendEarly = undefined;
    if (send) send();
  };
  var warmUp = function () {
    try {
      var worker = new Worker('__INTL_WARMUP_URL__');
      worker.onmessage = worker.onerror = function () {
        worker.terminate();
      };
    } catch (e) {}
  };
  var list = document.querySelector('meta[name="meetwise-modules"]');
  if (!list) {
    warmUp();
    return sendEarly();
  }
  var urls = list.getAttribute('content').split(' ');
  var append = function (url, index) {
    var tag = document.createElement(index === 0 ? 'script' : 'link');
    if (index === 0) tag.type = 'module';
    else tag.rel = 'modulepreload';
    tag.crossOrigin = '';
    tag[index === 0 ? 'src' : 'href'] = url;
    document.head.appendChild(tag);
  };
  // After a paint, each step is a task of its own (each tag starts a request, about a millisecond's work): the page
  // stays free to answer the guest between them. Tasks queued at once keep their order.
  var load = function (afterPaint) {
    var steps = [warmUp, sendEarly].concat(
      urls.map(function (url, index) {
        return function () {
          append(url, index);
        };
      }),
    );
    steps.forEach(function (step) {
      if (afterPaint) setTimeout(step, 0);
      else step();
    });
  };
  var root = document.getElementById('root');
  var prerendered = root && root.firstElementChild && document.visibilityState === 'visible';
  var observer;
  var started = false;
  var start = function (afterPaint) {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    load(afterPaint);
  };
  // Once the browser reports the first contentful paint; at once where it cannot (hidden, or no paint timing). The
  // last-resort timer is for a page whose paint is never reported: started earlier, on a busy first frame, the code
  // would load and run before the words were painted, and the paint would wait for it.
  try {
    if (!prerendered) throw new Error('nothing to paint first');
    if ((PerformanceObserver.supportedEntryTypes || []).indexOf('paint') < 0) throw new Error('no paint timing');
    observer = new PerformanceObserver(function (entries) {
      if (entries.getEntriesByName('first-contentful-paint').length) start(true);
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(start, 5000);
  } catch (e) {
    start();
  }
})();
