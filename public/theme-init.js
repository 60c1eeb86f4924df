// Applies the saved theme before the first paint, so a dark-theme user never sees a light flash.
(function () {
  try {
    var saved = localStorage.getItem('workspace.theme');
    var dark = saved === 'dark' || (saved !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  } catch (error) {
    document.documentElement.dataset.theme = 'light';
  }
})();
