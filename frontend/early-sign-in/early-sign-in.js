// The plain-HTML sign-in form's few duties until the app takes over (form.html): the reader's
// language and theme as the app keeps them, and a submission made before the app arrived, kept
// for the app to perform (src/features/auth/earlySignIn.ts). Loaded from /assets (the page's
// Content-Security-Policy allows no inline script); plain ES2019, no imports.
(function () {
  var root = document.getElementById('early-sign-in');
  var form = document.getElementById('early-sign-in-form');
  if (!root || !form) return;

  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  var labels = {};
  try {
    labels = JSON.parse(document.getElementById('early-sign-in-labels').textContent || '{}');
  } catch {
    labels = {};
  }
  var language = stored('colivra-language');
  var words = labels[language] || labels.fr || {};
  var config = window.__COLIVRA__ || {};
  var product = typeof config.appName === 'string' && config.appName.trim() ? config.appName.trim() : 'Colivra';
  var keyed = root.querySelectorAll('[data-key]');
  for (var i = 0; i < keyed.length; i += 1) {
    var text = words[keyed[i].getAttribute('data-key')];
    if (typeof text === 'string') keyed[i].textContent = text.replace('{product}', product);
  }
  if (labels[language]) {
    document.documentElement.lang = language;
    document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  }
  if (stored('colivra-theme') === 'dark') root.classList.add('esi-dark');

  // A submit button only now: before this ran, pressing it (or Enter) sent nothing anywhere.
  var button = document.getElementById('esi-submit');
  button.type = 'submit';
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    form.setAttribute('data-submitted', 'true');
    button.setAttribute('aria-busy', 'true');
  });
})();
