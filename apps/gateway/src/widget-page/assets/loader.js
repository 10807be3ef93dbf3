/*
 * The widget loader, served as GET /widget.js. A site embeds it with one tag:
 *   <script src="https://<gateway>/widget.js" data-widget-id="<id>" data-language="ar" async></script>
 * It adds a launcher button and, on first open, an iframe with the chat page served by the
 * gateway (/widget/<id>). No dependency, no third-party asset, nothing global but one flag.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  if (!script || !script.getAttribute('data-widget-id')) return;
  var widgetId = script.getAttribute('data-widget-id');
  var flag = '__propertyWidget_' + widgetId.replace(/[^A-Za-z0-9_-]/g, '');
  if (window[flag]) return; // the same widget embedded twice
  window[flag] = true;

  var gateway = new URL(script.src, location.href).origin;
  // data-language chooses the chat's language; without it the chat opens in the widget's default.
  // The launcher's own label follows it, else the host page's language, else Arabic.
  var requested = script.getAttribute('data-language');
  if (requested !== 'ar' && requested !== 'en') requested = null;
  var pageLanguage = (document.documentElement.lang || '').slice(0, 2).toLowerCase();
  var language = requested || (pageLanguage === 'en' ? 'en' : 'ar');

  var TEXT = {
    // Escaped: a site may serve its page in another charset, and a script without one inherits it.
    ar: {
      open: '\u0627\u0641\u062a\u062d \u0627\u0644\u0645\u062d\u0627\u062f\u062b\u0629', // افتح المحادثة
      close: '\u0623\u063a\u0644\u0642 \u0627\u0644\u0645\u062d\u0627\u062f\u062b\u0629', // أغلق المحادثة
      frame: '\u0646\u0627\u0641\u0630\u0629 \u0627\u0644\u0645\u062d\u0627\u062f\u062b\u0629', // نافذة المحادثة
    },
    en: { open: 'Open chat', close: 'Close chat', frame: 'Chat window' },
  };
  var text = TEXT[language];
  var frameId = 'property-widget-frame-' + widgetId.replace(/[^A-Za-z0-9_-]/g, '');

  // Styles through the CSSOM, which a host page's CSP allows where it would refuse a <style> element.
  function style(element, rules) {
    for (var name in rules) element.style.setProperty(name, rules[name]);
  }

  var launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'property-widget-launcher';
  launcher.setAttribute('aria-label', text.open);
  launcher.setAttribute('aria-expanded', 'false');
  launcher.setAttribute('aria-controls', frameId);
  launcher.setAttribute('lang', language);
  launcher.textContent = '\u{1F4AC}'; // speech balloon; the accessible name is the label above
  style(launcher, {
    position: 'fixed',
    bottom: '20px',
    'inset-inline-end': '20px',
    width: '56px',
    height: '56px',
    'border-radius': '50%',
    border: '0',
    background: script.getAttribute('data-color') || '#0b6e4f',
    color: '#fff',
    'font-size': '24px',
    cursor: 'pointer',
    'box-shadow': '0 4px 14px rgba(0,0,0,.25)',
    'z-index': '2147483647',
  });

  var frame = null;
  var open = false;

  function createFrame() {
    frame = document.createElement('iframe');
    frame.id = frameId;
    frame.title = text.frame;
    frame.setAttribute('lang', language);
    var src = new URL('/widget/' + encodeURIComponent(widgetId), gateway);
    src.searchParams.set('origin', location.origin);
    if (requested) src.searchParams.set('lang', requested);
    frame.src = src.href;
    frame.addEventListener('load', function () {
      frame.dataset.loaded = '1';
    });
    style(frame, {
      position: 'fixed',
      bottom: '88px',
      'inset-inline-end': '20px',
      width: 'min(380px, calc(100vw - 40px))',
      height: 'min(560px, calc(100vh - 120px))',
      border: '0',
      'border-radius': '12px',
      'box-shadow': '0 8px 30px rgba(0,0,0,.25)',
      background: '#fff',
      'z-index': '2147483647',
    });
    document.body.appendChild(frame);
  }

  function setOpen(next, returnFocus) {
    open = next;
    if (open && !frame) createFrame();
    if (frame) frame.style.setProperty('display', open ? 'block' : 'none');
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute('aria-label', open ? text.close : text.open);
    launcher.textContent = open ? '\u00D7' : '\u{1F4AC}';
    if (open && frame) {
      // Tell the page it is shown so it moves focus to the message box (once loaded).
      var post = function () {
        frame.contentWindow.postMessage({ type: 'property-widget:open' }, gateway);
      };
      if (frame.dataset.loaded) post();
      else frame.addEventListener('load', post, { once: true });
    }
    if (!open && returnFocus) launcher.focus();
  }

  launcher.addEventListener('click', function () {
    setOpen(!open, false);
  });
  launcher.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && open) setOpen(false, true);
  });

  /*
   * The chat's session kept in this site's sessionStorage: browsers that block storage in
   * third-party frames refuse it to the chat page itself. Handed back when the page asks.
   */
  var storageKey = 'property-widget:' + widgetId;
  function kept() {
    try {
      return sessionStorage.getItem(storageKey);
    } catch {
      return null;
    }
  }
  function keep(value) {
    try {
      if (typeof value === 'string') sessionStorage.setItem(storageKey, value);
      else sessionStorage.removeItem(storageKey);
    } catch {
      /* storage refused: the chat works, a reload starts a new one */
    }
  }

  // Only messages from the gateway's chat page in our own frame count.
  window.addEventListener('message', function (event) {
    if (event.origin !== gateway || !frame || event.source !== frame.contentWindow || !event.data) return;
    var type = event.data.type;
    if (type === 'property-widget:close') setOpen(false, true); // Escape inside the chat
    if (type === 'property-widget:save') keep(event.data.value);
    if (type === 'property-widget:ready')
      frame.contentWindow.postMessage({ type: 'property-widget:restore', value: kept() }, gateway);
  });

  function mount() {
    document.body.appendChild(launcher);
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
