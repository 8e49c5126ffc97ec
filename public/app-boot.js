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
  // four in a task made tasks of 50-150 ms). And 40 ms apart, not back to back: started all at once,
  // the fetches, their compiles (on background threads, which a phone has few of) and the app's
  // first steps ran together, and every main-thread task of the start-up came out longer. Issue 22,
  // Lighthouse's Total Blocking Time in the same minutes (median of 6): /en-UN/terms 243 -> 94 ms,
  // /en-UN 358 -> 166 ms. The app takes over as soon as before on a slow 4G network (its download
  // takes longer than the pacing), about half a second later on a fast one.
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
