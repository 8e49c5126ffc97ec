// Starts the app once the platform's first paint is on screen (issue 10). Each page arrives with its
// content already painted (server/http/pages.ts); the app's scripts are fetched only after that
// first frame, so they never compete with it for the network or delay it. The platform writes the
// entry script and the modules to preload (from the build's index.html) on this script's element.
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  // One preload a task, 40 ms apart (issue 22; why: docs/CONTRIBUTING.md, "preloads").
  var PRELOAD_INTERVAL_MS = 40;
  function preloadThenEnter(from) {
    if (from < preloads.length) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[from];
      document.head.appendChild(link);
      setTimeout(preloadThenEnter, PRELOAD_INTERVAL_MS, from + 1);
      return;
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  function start() {
    if (started || !entry) return;
    started = true;
    preloadThenEnter(0);
  }
  // After the next frame has been painted; a tab in the background paints no frame: start anyway.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
