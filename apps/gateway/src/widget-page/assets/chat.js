/*
 * The chat page's script (GET /widget/assets/chat.js), run in the iframe the loader adds.
 * It talks to the visitor API of the same gateway (docs/widget.md): a session created on the
 * first message, its token kept in sessionStorage so a reload continues the chat, replies
 * live over Server-Sent Events (reconnected, with the missed messages fetched again).
 * Text is always set with textContent: nothing a visitor, an agent or the knowledge base
 * wrote is ever parsed as HTML.
 */
(function () {
  'use strict';

  var TEXT = {
    ar: {
      title: 'تحدث معنا',
      messages: 'المحادثة',
      you: 'أنت',
      assistant: 'المساعد',
      agent: 'فريق المبيعات',
      system: 'تنبيه',
      sources: 'المصادر',
      label: 'رسالتك',
      placeholder: 'اكتب سؤالك…',
      send: 'إرسال',
      human: 'التحدث مع موظف',
      humanAsked: 'طلبت التحدث مع موظف',
      contactToggle: 'اترك رقمك أو بريدك',
      contactHeading: 'بيانات التواصل',
      name: 'الاسم',
      phone: 'رقم الجوال',
      email: 'البريد الإلكتروني',
      save: 'حفظ',
      saved: 'شكراً، سيتواصل معك فريقنا.',
      contactEmpty: 'أدخل رقم الجوال أو البريد الإلكتروني.',
      escalated: 'سيرد عليك أحد أعضاء الفريق هنا.',
      closed: 'انتهت هذه المحادثة.',
      offline: 'انقطع الاتصال، نعيد المحاولة…',
      failed: 'تعذر الإرسال، حاول مرة أخرى.',
      closedHours: 'نحن خارج ساعات العمل الآن، وسنرد عليك لاحقاً.',
      switchTo: 'English',
      close: 'إغلاق',
    },
    en: {
      title: 'Chat with us',
      messages: 'Conversation',
      you: 'You',
      assistant: 'Assistant',
      agent: 'Sales team',
      system: 'Notice',
      sources: 'Sources',
      label: 'Your message',
      placeholder: 'Type your question…',
      send: 'Send',
      human: 'Talk to a person',
      humanAsked: 'You asked for a person',
      contactToggle: 'Leave your phone or email',
      contactHeading: 'Contact details',
      name: 'Name',
      phone: 'Mobile number',
      email: 'Email',
      save: 'Save',
      saved: 'Thank you, our team will contact you.',
      contactEmpty: 'Enter a mobile number or an email.',
      escalated: 'A team member will reply here.',
      closed: 'This conversation has ended.',
      offline: 'Connection lost, reconnecting…',
      failed: 'Could not send, please try again.',
      closedHours: 'We are outside working hours now and will reply later.',
      switchTo: 'العربية',
      close: 'Close',
    },
  };

  var config = JSON.parse(document.getElementById('widget-config').textContent);
  var $ = function (id) {
    return document.getElementById(id);
  };
  var list = $('messages');
  var input = $('message');
  var composer = $('composer');
  var notice = $('notice');
  var humanButton = $('human');
  var contactToggle = $('contact-toggle');
  var contactForm = $('contact');
  var contactStatus = $('contact-status');

  // The embedding page: the browser's own record of the frame's ancestor first, else what the loader passed.
  var parentOrigin =
    (location.ancestorOrigins && location.ancestorOrigins.length > 0 && location.ancestorOrigins[0]) ||
    config.parent_origin ||
    null;
  var embedded = window.parent !== window && !!parentOrigin;
  var storageKey = 'property-widget:' + config.widget_id;
  var language = config.language;

  var session = null; // {id, token, escalated, handled_by, status}
  var shown = {}; // message ids already in the list (the POST answer and the stream both carry a message)
  var events = null;
  var retryDelay = 1000;

  if (config.primary_color) document.documentElement.style.setProperty('--primary', config.primary_color);

  /*
   * The session ({id, token, language}) is kept in the tab's sessionStorage. A browser that blocks
   * storage in third-party frames refuses it to this page (it is the embedding site's frame), so it
   * is also handed to the loader, which keeps it in the site's own sessionStorage and gives it back
   * when the page asks (see the messages below).
   */
  function readStorage() {
    try {
      return sessionStorage.getItem(storageKey);
    } catch {
      return null; // refused here: the loader's copy is asked for instead
    }
  }
  function persist() {
    var value = session ? JSON.stringify({ id: session.id, token: session.token, language: language }) : null;
    try {
      if (value === null) sessionStorage.removeItem(storageKey);
      else sessionStorage.setItem(storageKey, value);
    } catch {
      /* as above */
    }
    post('property-widget:save', value);
  }

  /** A message to the loader, to the embedding page's origin only. */
  function post(type, value) {
    if (embedded) window.parent.postMessage({ type: type, value: value }, parentOrigin);
  }

  function t(key) {
    return TEXT[language][key];
  }

  /** Every fixed text of the page in the current language, and the page's direction. */
  function applyLanguage() {
    document.documentElement.lang = language;
    document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
    document.title = t('title');
    document.querySelectorAll('[data-text]').forEach(function (element) {
      element.textContent = t(element.getAttribute('data-text'));
    });
    document.querySelectorAll('[data-label]').forEach(function (element) {
      element.setAttribute('aria-label', t(element.getAttribute('data-label')));
    });
    input.placeholder = t('placeholder');
    var other = language === 'ar' ? 'en' : 'ar';
    var switcher = $('language-switch');
    switcher.hidden = config.languages.indexOf(other) < 0;
    switcher.setAttribute('lang', other);
    $('greeting').textContent = config.greeting[language] || config.greeting[other] || '';
    document.querySelectorAll('.author').forEach(function (element) {
      element.textContent = t(element.getAttribute('data-author')) + ': ';
    });
    document.querySelectorAll('.citations-label').forEach(function (element) {
      element.textContent = t('sources');
    });
    renderSessionState();
  }

  function renderSessionState() {
    var escalated = !!(session && (session.escalated || session.handled_by === 'human'));
    var closed = !!(session && session.status === 'closed');
    humanButton.disabled = escalated || closed;
    humanButton.textContent = escalated ? t('humanAsked') : t('human');
    input.disabled = closed;
    composer.querySelector('button[type=submit]').disabled = closed;
    if (closed) showNotice(t('closed'));
    else if (escalated) showNotice(t('escalated'));
    else if (!config.open_now) showNotice(t('closedHours'));
    else showNotice('');
  }

  function showNotice(message) {
    notice.textContent = message;
    notice.hidden = !message;
  }

  /** One message in the list (once, by id), with the passages an assistant reply cites. */
  function render(message) {
    if (shown[message.id]) return;
    shown[message.id] = true;
    var item = document.createElement('li');
    item.className = 'message ' + message.author;
    item.setAttribute('data-message-id', message.id);
    var author = document.createElement('span');
    author.className = 'author';
    author.setAttribute('data-author', message.author === 'visitor' ? 'you' : message.author);
    author.textContent = t(author.getAttribute('data-author')) + ': ';
    var body = document.createElement('p');
    body.className = 'text';
    body.setAttribute('dir', 'auto');
    body.textContent = message.text;
    item.appendChild(author);
    item.appendChild(body);
    if (message.citations && message.citations.length > 0) {
      var label = document.createElement('p');
      label.className = 'citations-label';
      label.textContent = t('sources');
      var citations = document.createElement('ul');
      citations.className = 'citations';
      message.citations.forEach(function (citation) {
        var entry = document.createElement('li');
        entry.setAttribute('dir', 'auto');
        var title = document.createElement('strong');
        title.textContent = citation.title;
        entry.appendChild(title);
        if (citation.excerpt) {
          var excerpt = document.createElement('q');
          excerpt.textContent = citation.excerpt;
          entry.appendChild(document.createTextNode(' '));
          entry.appendChild(excerpt);
        }
        citations.appendChild(entry);
      });
      item.appendChild(label);
      item.appendChild(citations);
    }
    list.appendChild(item);
    item.scrollIntoView({ block: 'end' });
  }

  function api(method, path, body) {
    var headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (session) headers.authorization = 'Bearer ' + session.token;
    return fetch(path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return {};
        })
        .then(function (json) {
          if (!response.ok) {
            var error = new Error(json.message || response.statusText);
            error.status = response.status;
            error.body = json;
            throw error;
          }
          return json;
        });
    });
  }

  function adoptSession(next) {
    if (!session) return;
    session.status = next.status;
    session.escalated = next.escalated;
    session.handled_by = next.handled_by;
    renderSessionState();
  }

  /** The session, created on first need with the embedding page's origin (the API checks it). */
  function ensureSession() {
    if (session) return Promise.resolve(session);
    var body = { language: language };
    if (parentOrigin) body.origin = parentOrigin;
    return api('POST', '/v1/widgets/' + encodeURIComponent(config.widget_id) + '/sessions', body).then(
      function (created) {
        session = { id: created.session.id, token: created.token };
        adoptSession(created.session);
        persist();
        listen();
        return session;
      },
    );
  }

  /** Every message of the session (after a reload or a reconnect: what the stream may have missed). */
  function catchUp() {
    if (!session) return Promise.resolve();
    return api('GET', '/v1/widget-sessions/' + encodeURIComponent(session.id) + '/messages').then(function (thread) {
      adoptSession(thread.session);
      thread.messages.forEach(render);
    });
  }

  /**
   * The live stream. EventSource reconnects by itself after a dropped connection; when the
   * server refuses it (a restart, an error status) it closes, and we open a new one with backoff.
   * Each (re)connection fetches the thread again, so nothing sent meanwhile is lost.
   */
  function listen() {
    if (events) events.close();
    var url =
      '/v1/widget-sessions/' + encodeURIComponent(session.id) + '/events?token=' + encodeURIComponent(session.token);
    events = new EventSource(url);
    events.addEventListener('open', function () {
      retryDelay = 1000;
      renderSessionState();
      catchUp().catch(function () {});
    });
    events.addEventListener('message', function (event) {
      render(JSON.parse(event.data));
    });
    events.addEventListener('session', function (event) {
      adoptSession(JSON.parse(event.data));
    });
    events.addEventListener('error', function () {
      showNotice(t('offline'));
      if (events.readyState === EventSource.CLOSED) {
        events = null;
        setTimeout(function () {
          if (session && !events) listen();
        }, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 30000);
      }
    });
  }

  function send() {
    var text = input.value.trim();
    if (!text) return;
    input.value = '';
    ensureSession()
      .then(function (current) {
        return api('POST', '/v1/widget-sessions/' + encodeURIComponent(current.id) + '/messages', { text: text });
      })
      .then(function (answer) {
        render(answer.message);
      })
      .catch(function () {
        input.value = text; // nothing lost: the visitor can send it again
        showNotice(t('failed'));
      })
      .then(function () {
        input.focus();
      });
  }

  composer.addEventListener('submit', function (event) {
    event.preventDefault();
    send();
  });
  // Enter sends, Shift+Enter is a new line (and Enter while composing Arabic or other IME text is the IME's).
  input.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send();
    }
  });

  humanButton.addEventListener('click', function () {
    ensureSession()
      .then(function (current) {
        return api('POST', '/v1/widget-sessions/' + encodeURIComponent(current.id) + '/escalate', {});
      })
      .then(function (answer) {
        adoptSession(answer.session);
        input.focus();
      })
      .catch(function () {
        showNotice(t('failed'));
      });
  });

  contactToggle.addEventListener('click', function () {
    var opening = contactForm.hidden;
    contactForm.hidden = !opening;
    contactToggle.setAttribute('aria-expanded', String(opening));
    if (opening) $('contact-name').focus();
  });

  contactForm.addEventListener('submit', function (event) {
    event.preventDefault();
    var body = {};
    ['name', 'phone', 'email'].forEach(function (field) {
      var value = $('contact-' + field).value.trim();
      if (value) body[field] = value;
    });
    if (!body.phone && !body.email) {
      contactStatus.textContent = t('contactEmpty');
      contactStatus.className = 'status error';
      $('contact-phone').focus();
      return;
    }
    ensureSession()
      .then(function (current) {
        return api('POST', '/v1/widget-sessions/' + encodeURIComponent(current.id) + '/contact', body);
      })
      .then(function (answer) {
        adoptSession(answer.session);
        contactStatus.textContent = t('saved');
        contactStatus.className = 'status';
        contactForm.hidden = true;
        contactToggle.setAttribute('aria-expanded', 'false');
        contactToggle.focus();
      })
      .catch(function (error) {
        // The API's own message (in English) names the field it refused.
        contactStatus.textContent = error.body && error.body.message ? error.body.message : t('failed');
        contactStatus.className = 'status error';
        var field = error.body && error.body.field && $('contact-' + error.body.field);
        if (field) field.focus();
      });
  });

  $('language-switch').addEventListener('click', function () {
    language = language === 'ar' ? 'en' : 'ar';
    persist();
    applyLanguage();
  });

  $('close').hidden = !embedded;
  $('close').addEventListener('click', function () {
    post('property-widget:close');
  });
  // Escape anywhere in the chat closes it; the loader puts focus back on its launcher.
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') post('property-widget:close');
  });
  // From the loader, and only from it: "shown" (focus goes to the message box) and the kept session.
  window.addEventListener('message', function (event) {
    if (!embedded || event.source !== window.parent || event.origin !== parentOrigin || !event.data) return;
    if (event.data.type === 'property-widget:open') input.focus();
    if (event.data.type === 'property-widget:restore' && !session && typeof event.data.value === 'string')
      restore(event.data.value);
  });

  /** Continues a kept session: its language, its thread, its stream. */
  function restore(saved) {
    var stored;
    try {
      stored = JSON.parse(saved);
    } catch {
      stored = null;
    }
    if (!stored || typeof stored.id !== 'string' || typeof stored.token !== 'string') return;
    session = { id: stored.id, token: stored.token };
    if (config.languages.indexOf(stored.language) >= 0 && stored.language !== language) {
      language = stored.language;
      applyLanguage();
    }
    catchUp()
      .then(listen)
      .catch(function (error) {
        if (error.status !== 401 && error.status !== 404) return listen(); // offline: the stream retries
        // The token expired or the session is gone: start afresh on the next message.
        session = null;
        persist();
        renderSessionState();
      });
  }

  applyLanguage();
  var saved = readStorage();
  if (saved) restore(saved);
  else post('property-widget:ready'); // the loader answers with its copy of the session, if any
})();
