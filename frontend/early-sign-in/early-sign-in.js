// The plain-HTML sign-in form's few duties until the app takes over (form.html): the reader's
// language and theme as the app keeps them, and a press of « Se connecter » (or Enter) made
// before the app arrived, kept for the app to perform (src/core/earlySignIn.ts). Loaded in the
// head of signin.html, before the form, as a blocking script: its listeners exist before the form
// can be seen, so no press is lost. From /assets (the page's Content-Security-Policy allows no
// inline script); plain ES2019, no imports.
(function () {
  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function markSubmitted(form) {
    if (!form || form.id !== 'early-sign-in-form') return;
    form.setAttribute('data-submitted', 'true');
    var button = form.querySelector('#esi-submit');
    if (button) button.setAttribute('aria-busy', 'true');
  }

  // Delegated from the document, so they hold for the form parsed after this script. The button
  // is not a submit button and nothing here sends anything: the app does, with the values.
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      var button = target && target.closest ? target.closest('#esi-submit') : null;
      if (!button) return;
      event.preventDefault();
      markSubmitted(button.form);
    },
    true,
  );
  document.addEventListener(
    'keydown',
    function (event) {
      var input = event.target;
      if (event.key !== 'Enter' || !input || !input.form) return;
      if (input.form.id !== 'early-sign-in-form') return;
      event.preventDefault();
      markSubmitted(input.form);
    },
    true,
  );

  var language = stored('colivra-language');
  if (language === 'ar' || language === 'en' || language === 'fr') {
    document.documentElement.lang = language;
    document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  }
  if (stored('colivra-theme') === 'dark') document.documentElement.classList.add('esi-dark');

  // The words in the kept language, once the form is parsed (before the app's deferred scripts).
  function translate() {
    var root = document.getElementById('early-sign-in');
    var source = document.getElementById('early-sign-in-labels');
    if (!root || !source) return;
    var labels = {};
    try {
      labels = JSON.parse(source.textContent || '{}');
    } catch {
      labels = {};
    }
    var words = labels[language] || labels.fr || {};
    var config = window.__COLIVRA__ || {};
    var product = typeof config.appName === 'string' && config.appName.trim() ? config.appName.trim() : 'Colivra';
    var keyed = root.querySelectorAll('[data-key]');
    for (var i = 0; i < keyed.length; i += 1) {
      var text = words[keyed[i].getAttribute('data-key')];
      if (typeof text === 'string') keyed[i].textContent = text.replace('{product}', product);
    }
  }
  if (document.readyState === 'loading') {
    document.addEventListener('readystatechange', function once() {
      document.removeEventListener('readystatechange', once);
      translate();
    });
  } else {
    translate();
  }
})();
