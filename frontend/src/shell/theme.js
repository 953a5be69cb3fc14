// Apply the page's own theme (a published booking page's event's: data-page-theme) or else the saved or
// system theme before the first paint, so dark mode never flashes white.
// A page framed by the embed script (?embed=1, issue 29) is marked before its first paint too: index.css hides
// the site's chrome and applies the frame's options; its theme (auto: the system's) wins (`light`, or
// `frame-dark`: see index.css's dark variant) and is never saved.
// Keep the storage key in sync with frontend/src/lib/theme.ts, the parameters with shared/embed.ts.
(function () {
  var root = document.documentElement;
  var theme = root.getAttribute('data-page-theme');
  var dark = !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var frame = new URLSearchParams(location.search || '');
  if (frame.get('embed') === '1') {
    root.setAttribute('data-embed', '');
    if (frame.get('transparent') === '1') root.setAttribute('data-embed-transparent', '');
    if (frame.get('hide_details') === '1') root.setAttribute('data-embed-hide-details', '');
    var asked = frame.get('theme') === 'auto' ? (dark ? 'dark' : 'light') : frame.get('theme');
    if (asked === 'light' || asked === 'dark') {
      root.setAttribute('data-embed-theme', (theme = asked));
      root.classList.add(asked === 'dark' ? 'frame-dark' : 'light');
    }
  }
  if (theme !== 'light' && theme !== 'dark') {
    try {
      theme = localStorage.getItem('meetwise-theme');
    } catch (e) {}
  }
  if (theme !== 'light' && theme !== 'dark') theme = dark ? 'dark' : 'light';
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
})();
