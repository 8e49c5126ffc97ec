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
  // Starting a module's fetch costs the main thread 5-15 ms on a slow phone (4 x this machine's CPU;
  // the first one more): one at a time, a task each, so that none of these tasks is long (issue 22:
  // four in a task made tasks of 50-150 ms).
  var PRELOADS_PER_TASK = 1;
  function preloadThenEnter(from) {
    preloads.slice(from, from + PRELOADS_PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (from + PRELOADS_PER_TASK < preloads.length) {
      setTimeout(preloadThenEnter, 0, from + PRELOADS_PER_TASK);
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
