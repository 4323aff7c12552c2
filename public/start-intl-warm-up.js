// Loads ICU's data off the main thread before the app's first render needs it
// (intl-warm-up.js, docs/decisions/091). Without workers the app pays it itself.
(function () {
  try {
    if (window.Worker) new Worker("/intl-warm-up.js");
  } catch (e) {
    /* no worker: nothing lost but the head start */
  }
})();
